import Testing
@testable import StateMachine

// After its first read, a field that a plain load reads is found by the code inlined into the
// caller (`InPlaceFieldReads`), keyed by enum type, requested type, case and label. Each test
// reads once to list the field, checks that it is listed (so that the later reads take the
// inlined path), then reads values where a key that ignored one of its parts would give
// another field, another case's bytes, or no type mismatch.

private final class Token: @unchecked Sendable {}

private enum Shared: StateMachineHashable {
    case narrow(flag: Bool, credit: Int), wide(credit: Int), other
    enum HashableIdentifier: String { case narrow, wide, other }
}

private enum Gate: StateMachineHashable {
    case open(credit: Int, owner: Int), closed
    enum HashableIdentifier: String { case open, closed }
}

private enum Wide: StateMachineHashable {
    case count(credit: Int64), none
    enum HashableIdentifier: String { case count, none }
}

private enum First: StateMachineHashable {
    case a(credit: Int), b
    enum HashableIdentifier: String { case a, b }
}

private enum Second: StateMachineHashable {
    case a(flag: Int, credit: Int), b
    enum HashableIdentifier: String { case a, b }
}

private enum Long: StateMachineHashable {
    case a(aLabelLongerThanFifteenBytes: Int, other: Int), b
    enum HashableIdentifier: String { case a, b }
}

/// Two cases of class references: the case's bits sit in the references' spare bits.
private enum References: StateMachineHashable {
    case first(Token), second(Token)
    enum HashableIdentifier: String { case first, second }
}

/// Twelve fields of one case: listing them all grows the table while other threads read it.
private enum Twelve: StateMachineHashable, Sendable {
    case all(f0: Int, f1: Int, f2: Int, f3: Int, f4: Int, f5: Int, f6: Int, f7: Int, f8: Int, f9: Int, f10: Int, f11: Int)
    enum HashableIdentifier: String { case all }
}

/// How many entries of the table answer for `Value`, `label` and `T`, whatever the case.
private func listed<Value, T>(_: Value.Type, _ label: String, _: T.Type) -> Int {
    let table = InPlaceFieldReads.table
    let locked = table.lock(ThreadID.current)
    defer { if locked { table.unlock() } }
    let contents = table.contents
    return (0..<contents.count).count { index in
        let entry = contents.entries[index]
        return entry.type == ObjectIdentifier(Value.self) && entry.result == ObjectIdentifier(T.self)
            && entry.label == LabelBits(label)
    }
}

@Suite("Payload fields read by code inlined into the caller")
struct InPlaceFieldReadTests {

    @Test func aLabelOfTwoCasesReadsTheFieldOfTheValuesCase() throws {
        let narrowCredit: Int = try Shared.narrow(flag: true, credit: 1).credit()
        #expect(narrowCredit == 1)
        #expect(listed(Shared.self, "credit", Int.self) == 1)
        for credit in 2..<5 {
            #expect(try Shared.wide(credit: credit).credit() == credit)
            #expect(try Shared.narrow(flag: false, credit: -credit).credit() == -credit)
        }
        #expect(listed(Shared.self, "credit", Int.self) == 2)
    }

    @Test func twoLabelsOfOneCaseReadTheirOwnFields() throws {
        let first: Int = try Gate.open(credit: 1, owner: 2).credit()
        #expect(first == 1)
        #expect(listed(Gate.self, "credit", Int.self) == 1)
        for credit in 3..<6 {
            let gate = Gate.open(credit: credit, owner: 10 * credit)
            #expect(try gate.owner() == 10 * credit)
            #expect(try gate.credit() == credit)
        }
    }

    @Test func aListedFieldAskedForAsAnotherTypeIsATypeMismatch() throws {
        let credit: Int64 = try Wide.count(credit: 7).credit()
        #expect(credit == 7)
        #expect(listed(Wide.self, "credit", Int64.self) == 1)
        #expect(throws: StateMachineTypes.IncorrectTypeError.self) { let _: Int = try Wide.count(credit: 7).credit() }
        #expect(try Wide.count(credit: 8).credit() == Int64(8))
    }

    @Test func theSameLabelAndCaseInAnotherEnumReadsThatEnumsField() throws {
        let first: Int = try First.a(credit: 1).credit()
        #expect(first == 1)
        #expect(listed(First.self, "credit", Int.self) == 1)
        for credit in 2..<5 {
            #expect(try Second.a(flag: -1, credit: credit).credit() == credit)
            #expect(try First.a(credit: credit).credit() == credit)
        }
    }

    @Test func aLongLabelIsFoundByItsBitsAndByItsCharacters() throws {
        let value = Long.a(aLabelLongerThanFifteenBytes: 4, other: 5)
        #expect(try value.aLabelLongerThanFifteenBytes() == 4)
        #expect(listed(Long.self, "aLabelLongerThanFifteenBytes", Int.self) == 1)
        #expect(try value.aLabelLongerThanFifteenBytes() == 4)
        // The same characters in a new string: other bits, found by the out-of-line path.
        let built = ["aLabel", "LongerThan", "FifteenBytes"].joined()
        let read: () throws -> Int = value[dynamicMember: built]
        #expect(try read() == 4)
        #expect(try read() == 4)
        #expect(try value.other() == 5)
    }

    @Test func fieldsListedWhileOtherThreadsReadAreReadRight() async {
        let value = Twelve.all(f0: 0, f1: 1, f2: 2, f3: 3, f4: 4, f5: 5, f6: 6, f7: 7, f8: 8, f9: 9, f10: 10, f11: 11)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<4 {
                group.addTask {
                    var sum = 0
                    for round in 0..<200 {
                        // Each task lists the fields in another order.
                        let reads: [() throws -> Int] = [
                            value.f0, value.f1, value.f2, value.f3, value.f4, value.f5,
                            value.f6, value.f7, value.f8, value.f9, value.f10, value.f11,
                        ]
                        for index in 0..<12 {
                            sum += try! reads[(index + 3 * task + round) % 12]()
                        }
                    }
                    return sum == 200 * 66
                }
            }
            for await succeeded in group { #expect(succeeded) }
        }
        #expect(listed(Twelve.self, "f11", Int.self) == 1)
    }

    @Test func referencesWhoseSpareBitsHoldTheCaseReadAsThemselves() throws {
        let first = Token()
        let second = Token()
        for _ in 0..<3 {
            let readFirst: Token = try References.first(first).value()
            let readSecond: Token = try References.second(second).value()
            #expect(readFirst === first)
            #expect(readSecond === second)
        }
        // The first case's bits are zero, so its values are the references themselves; the
        // second's are not, and are left to the out-of-line path, which clears them.
        #expect(listed(References.self, "value", Token.self) == 1)
    }
}
