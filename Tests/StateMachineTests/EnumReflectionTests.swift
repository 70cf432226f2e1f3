import Testing
@testable import StateMachine

// One fixture type per enum shape. Tags are the runtime's order: cases with a payload
// first (in declaration order), then cases without one (in declaration order).

private enum Phase { case solid, liquid, gas }

private enum Slot { case empty, filled(Int) }

private enum Gate {
    case locked(credit: Int, since: String)
    case unlocked
    case broken(oldState: Int, reason: String, retries: [Int])
}

private enum Expression {
    case number(Int)
    indirect case negated(Expression)
    case zero
}

private indirect enum Tree {
    case leaf
    case node(left: Tree, right: Tree)
    case value(Int)
}

private enum Either<Left, Right> {
    case neither
    case left(Left)
    case right(Right)
}

private enum Described: CustomStringConvertible, CustomDebugStringConvertible {
    case idle, running(Int)
    var description: String { "a custom description" }
    var debugDescription: String { "a custom debug description" }
}

private enum Reflected: CustomReflectable {
    case idle, running(Int)
    var customMirror: Mirror { Mirror(self, children: ["customLabel": 0], displayStyle: .enum) }
}

private enum Only { case only }

private enum OnlyWithPayload { case only(String) }

private enum Planet: Int { case mercury = 7, venus = 2, earth = 5 }

private enum Direction: String { case north = "N", south = "S" }

private final class Person {
    let name: String
    init(name: String) { self.name = name }
}

private enum Owner { case nobody, someone(Person) }

private enum Pair { case none, one(Person), two(Person, Person) }

private struct Empty {}

private enum Outcome { case pending, done(Void), failed(String), skipped(Empty) }

private struct Record { var name = "record" }

private protocol Marked {}
extension Tree: Marked {}

private final class Reference {}

// MARK: - Helpers

/// The case names of `Value` in tag order, or `nil` when it is not an enum.
private func names<Value>(of _: Value.Type) -> [String?]? {
    guard let cases = EnumCases<Value>() else { return nil }
    return (0..<cases.count).map { cases.name(ofTag: $0) }
}

/// The tags of `values`, through an `EnumCases` made for their type.
private func tags<Value>(_ values: [Value]) -> [Int] {
    let cases = EnumCases<Value>()!
    return values.map { cases.tag(of: $0) }
}

/// The tag and case name of `value`, read where `Value` is not known to the compiler.
@inline(never)
private func unspecializedTagAndName<Value>(of value: Value) -> (Int, String?)? {
    guard let cases = EnumCases<Value>() else { return nil }
    let tag = cases.tag(of: value)
    return (tag, cases.name(ofTag: tag))
}

/// Whether `tag(named:)` inverts `name(ofTag:)` for every tag of `Value`.
private func namesRoundTrip<Value>(_: Value.Type) -> Bool {
    guard let cases = EnumCases<Value>() else { return false }
    return (0..<cases.count).allSatisfy { tag in
        guard let name = cases.name(ofTag: tag) else { return false }
        return cases.tag(named: name) == tag
    }
}

@Suite("Enum reflection")
struct EnumReflectionTests {

    @Test func payloadLessEnumTagsFollowDeclarationOrder() {
        let cases = EnumCases<Phase>()!
        #expect(cases.count == 3)
        #expect(tags([Phase.solid, .liquid, .gas]) == [0, 1, 2])
        #expect(names(of: Phase.self) == ["solid", "liquid", "gas"])
        #expect((0..<3).allSatisfy { !cases.hasPayload(tag: $0) })
    }

    @Test func singleUnlabelledPayloadCaseComesFirst() {
        let cases = EnumCases<Slot>()!
        #expect(cases.count == 2)
        #expect(tags([Slot.filled(42), .empty, .filled(0)]) == [0, 1, 0])
        #expect(names(of: Slot.self) == ["filled", "empty"])
        #expect(cases.hasPayload(tag: 0))
        #expect(!cases.hasPayload(tag: 1))
    }

    @Test func severalLabelledFieldsPayloadCasesComeBeforeEmptyCases() {
        let values: [Gate] = [
            .locked(credit: 30, since: "noon"),
            .unlocked,
            .broken(oldState: 1, reason: "jammed", retries: [1, 2, 3]),
        ]
        #expect(tags(values) == [0, 2, 1])
        #expect(names(of: Gate.self) == ["locked", "broken", "unlocked"])
        let cases = EnumCases<Gate>()!
        #expect(cases.count == 3)
        #expect(cases.hasPayload(tag: 0) && cases.hasPayload(tag: 1) && !cases.hasPayload(tag: 2))
    }

    @Test func indirectCaseIsIdentified() {
        let values: [Expression] = [.number(1), .negated(.negated(.number(2))), .zero]
        #expect(tags(values) == [0, 1, 2])
        #expect(names(of: Expression.self) == ["number", "negated", "zero"])
    }

    @Test func wholeEnumIndirectIsIdentified() {
        let values: [Tree] = [.leaf, .node(left: .leaf, right: .value(3)), .value(7)]
        #expect(tags(values) == [2, 0, 1])
        #expect(names(of: Tree.self) == ["node", "value", "leaf"])
    }

    @Test func genericEnumSpecializationsShareCaseNamesAndTags() {
        let ints: [Either<Int, String>] = [.neither, .left(1), .right("r")]
        let arrays: [Either<[Int], Bool>] = [.neither, .left([1, 2]), .right(false)]
        #expect(tags(ints) == [2, 0, 1])
        #expect(tags(arrays) == [2, 0, 1])
        #expect(names(of: Either<Int, String>.self) == ["left", "right", "neither"])
        #expect(names(of: Either<[Int], Bool>.self) == ["left", "right", "neither"])
    }

    @Test func genericEnumWithEmptyPayloadTypeKeepsGenericTags() {
        // The descriptor is shared by every specialization, so `left(Void)` stays a payload
        // case here, unlike `done(Void)` in a non-generic enum.
        let values: [Either<Void, Int>] = [.neither, .left(()), .right(4)]
        #expect(tags(values) == [2, 0, 1])
        #expect(EnumCases<Either<Void, Int>>()!.hasPayload(tag: 0))
    }

    @Test func customDescriptionDoesNotChangeCaseNames() {
        #expect(tags([Described.idle, .running(1)]) == [1, 0])
        #expect(names(of: Described.self) == ["running", "idle"])
        #expect(enumCaseName(of: Described.idle) == "idle")
        #expect(enumCaseName(of: Described.running(3)) == "running")
    }

    @Test func customReflectableDoesNotChangeCaseNames() {
        #expect(tags([Reflected.idle, .running(1)]) == [1, 0])
        #expect(names(of: Reflected.self) == ["running", "idle"])
        #expect(enumCaseName(of: Reflected.idle) == "idle")
        #expect(enumCaseName(of: Reflected.running(3)) == "running")
    }

    @Test func singleCaseEnumHasOneTag() {
        let cases = EnumCases<Only>()!
        #expect(cases.count == 1)
        #expect(cases.tag(of: .only) == 0)
        #expect(cases.name(ofTag: 0) == "only")
        #expect(!cases.hasPayload(tag: 0))

        let withPayload = EnumCases<OnlyWithPayload>()!
        #expect(withPayload.count == 1)
        #expect(withPayload.tag(of: .only("x")) == 0)
        #expect(withPayload.name(ofTag: 0) == "only")
        #expect(withPayload.hasPayload(tag: 0))
    }

    @Test func rawValueEnumTagsIgnoreRawValues() {
        #expect(tags([Planet.mercury, .venus, .earth]) == [0, 1, 2])
        #expect(names(of: Planet.self) == ["mercury", "venus", "earth"])
        #expect(tags([Direction.north, .south]) == [0, 1])
        #expect(names(of: Direction.self) == ["north", "south"])
        #expect(enumCaseName(of: Direction.south) == "south")
    }

    @Test func optionalSomeIsTagZeroAndNoneIsTagOne() {
        let cases = EnumCases<Int?>()!
        #expect(cases.count == 2)
        #expect(cases.tag(of: .some(5)) == 0)
        #expect(cases.tag(of: .none) == 1)
        #expect(names(of: Int?.self) == ["some", "none"])
        #expect(cases.hasPayload(tag: 0) && !cases.hasPayload(tag: 1))
        #expect(tags([Phase?.some(.gas), nil]) == [0, 1])
        #expect(enumCaseName(of: Int?.none) == "none")
        #expect(enumCaseName(of: Int?.some(1)) == "some")
    }

    @Test func classPayloadsAreIdentified() {
        let person = Person(name: "Ada")
        #expect(tags([Owner.nobody, .someone(person)]) == [1, 0])
        #expect(names(of: Owner.self) == ["someone", "nobody"])
        #expect(tags([Pair.none, .one(person), .two(person, person)]) == [2, 0, 1])
        #expect(names(of: Pair.self) == ["one", "two", "none"])
    }

    @Test func emptyPayloadCaseCountsAsCaseWithoutPayload() {
        // `done(Void)` and `skipped(Empty)` take no space, so the compiler numbers them
        // with the cases without payload.
        let cases = EnumCases<Outcome>()!
        #expect(cases.count == 4)
        #expect(tags([Outcome.pending, .done(()), .failed("x"), .skipped(Empty())]) == [1, 2, 0, 3])
        #expect(names(of: Outcome.self) == ["failed", "pending", "done", "skipped"])
        #expect(cases.hasPayload(tag: 0))
        #expect(!cases.hasPayload(tag: 2))
    }

    @Test func nonEnumTypesHaveNoCases() {
        #expect(EnumCases<Record>() == nil)
        #expect(EnumCases<Reference>() == nil)
        #expect(EnumCases<Int>() == nil)
        #expect(EnumCases<String>() == nil)
        #expect(EnumCases<(Int, Phase)>() == nil)
        #expect(EnumCases<Any>() == nil)
        #expect(EnumCases<any Marked>() == nil)
        #expect(EnumCases<() -> Void>() == nil)
        #expect(EnumCases<Phase.Type>() == nil)
    }

    @Test func readingTagsDoesNotDamageIndirectPayload() {
        weak var weakPerson: Person?
        do {
            let person = Person(name: "Grace")
            weakPerson = person
            let value = Expression.negated(.negated(.number(41)))
            let owner = Owner.someone(person)
            let expressions = EnumCases<Expression>()!
            let owners = EnumCases<Owner>()!
            for _ in 0..<1_000 {
                #expect(expressions.tag(of: value) == 1)
                #expect(owners.tag(of: owner) == 0)
            }
            guard case .negated(.negated(.number(let number))) = value else {
                Issue.record("The indirect payload changed: \(value)")
                return
            }
            #expect(number == 41)
            guard case .someone(let someone) = owner else {
                Issue.record("The class payload changed")
                return
            }
            #expect(someone.name == "Grace")
            #expect(someone === person)
        }
        // Neither retained (leak) nor released (crash) by reading tags.
        #expect(weakPerson == nil)
    }

    @Test func tagsAreTheSameThroughUnspecializedGenericCode() throws {
        #expect(try #require(unspecializedTagAndName(of: Gate.unlocked)) == (2, "unlocked"))
        #expect(try #require(unspecializedTagAndName(of: Tree.value(1))) == (1, "value"))
        #expect(try #require(unspecializedTagAndName(of: Either<Int, String>.neither)) == (2, "neither"))
        #expect(try #require(unspecializedTagAndName(of: Outcome.done(()))) == (2, "done"))
        #expect(unspecializedTagAndName(of: Record()) == nil)
    }

    @Test func tagNamedInvertsNameOfTagForEveryCase() {
        #expect(namesRoundTrip(Phase.self))
        #expect(namesRoundTrip(Slot.self))
        #expect(namesRoundTrip(Gate.self))
        #expect(namesRoundTrip(Expression.self))
        #expect(namesRoundTrip(Tree.self))
        #expect(namesRoundTrip(Either<Int, String>.self))
        #expect(namesRoundTrip(Described.self))
        #expect(namesRoundTrip(Reflected.self))
        #expect(namesRoundTrip(Only.self))
        #expect(namesRoundTrip(OnlyWithPayload.self))
        #expect(namesRoundTrip(Planet.self))
        #expect(namesRoundTrip(Direction.self))
        #expect(namesRoundTrip(Int?.self))
        #expect(namesRoundTrip(Owner.self))
        #expect(namesRoundTrip(Pair.self))
        #expect(namesRoundTrip(Outcome.self))
        #expect(EnumCases<Gate>()!.tag(named: "locked(credit:since:)") == nil)
        #expect(EnumCases<Gate>()!.tag(named: "missing") == nil)
    }

    @Test func countIncludesPayloadAndEmptyCases() {
        #expect(EnumCases<Phase>()!.count == 3)
        #expect(EnumCases<Slot>()!.count == 2)
        #expect(EnumCases<Gate>()!.count == 3)
        #expect(EnumCases<Expression>()!.count == 3)
        #expect(EnumCases<Tree>()!.count == 3)
        #expect(EnumCases<Either<Int, String>>()!.count == 3)
        #expect(EnumCases<Described>()!.count == 2)
        #expect(EnumCases<Reflected>()!.count == 2)
        #expect(EnumCases<Only>()!.count == 1)
        #expect(EnumCases<Planet>()!.count == 3)
        #expect(EnumCases<Int?>()!.count == 2)
        #expect(EnumCases<Pair>()!.count == 3)
        #expect(EnumCases<Outcome>()!.count == 4)
    }

    @Test func enumCaseNameNamesEveryShape() {
        #expect(enumCaseName(of: Phase.liquid) == "liquid")
        #expect(enumCaseName(of: Slot.filled(1)) == "filled")
        #expect(enumCaseName(of: Slot.empty) == "empty")
        #expect(enumCaseName(of: Gate.locked(credit: 1, since: "")) == "locked")
        #expect(enumCaseName(of: Expression.negated(.zero)) == "negated")
        #expect(enumCaseName(of: Tree.leaf) == "leaf")
        #expect(enumCaseName(of: Either<Int, String>.right("")) == "right")
        #expect(enumCaseName(of: Described.idle) == "idle")
        #expect(enumCaseName(of: Reflected.running(1)) == "running")
        #expect(enumCaseName(of: Only.only) == "only")
        #expect(enumCaseName(of: Planet.earth) == "earth")
        #expect(enumCaseName(of: Phase?.none) == "none")
        #expect(enumCaseName(of: Owner.someone(Person(name: ""))) == "someone")
        #expect(enumCaseName(of: Outcome.skipped(Empty())) == "skipped")
    }

    @Test func enumCaseNameOfAnExistentialNamesTheEnumInside() {
        // The compiler opens the existential at the call site (SE-0352).
        let any: Any = Described.idle
        let existential: any Marked = Tree.value(2)
        #expect(enumCaseName(of: any) == "idle")
        #expect(enumCaseName(of: existential) == "value")
    }

    @Test func enumWithoutCasesHasNoCaseTable() {
        #expect(EnumCases<Never>() == nil)
    }

    @Test func enumCaseNameIsNilForNonEnums() {
        #expect(enumCaseName(of: Record()) == nil)
        #expect(enumCaseName(of: Reference()) == nil)
        #expect(enumCaseName(of: 42) == nil)
        #expect(enumCaseName(of: (1, Phase.gas)) == nil)
        #expect(enumCaseName(of: Record() as Any) == nil)
    }

    #if DEBUG
    @Test func outOfRangeTagStopsDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            _ = EnumCases<Phase>()!.name(ofTag: 3)
        }
        await #expect(processExitsWith: .failure) {
            _ = EnumCases<Phase>()!.hasPayload(tag: -1)
        }
    }
    #endif
}
