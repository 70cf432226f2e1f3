@_spi(Testing) @_spi(Tooling) import StateMachine
import Testing

/// Issue 25: `validate()` and building a definition grow as n log n or better in the number of
/// states, guarded by counting work, never by timing it. Two counts: the steps of validation's
/// and the table's own loops (``ValidationWork``), and, from outside the library, every
/// comparison and hash of a state identifier (what a table lookup costs). A loop over all
/// states inside a loop over all states shows as a ratio near 4 when the states double; linear
/// work shows 2, n log n about 2.2 at these sizes.
@Suite(.serialized) struct ValidationComplexityTests: StateMachineBuilder {

    /// A station on a line of `count`, identified by its number through an identifier that
    /// counts its comparisons and hashes.
    struct State: StateMachineHashable {
        let number: Int
        var hashableIdentifier: Station { Station(number: number) }
        var associatedValue: Any { number }
    }

    struct Station: Hashable, CustomStringConvertible {
        nonisolated(unsafe) static var operations = 0
        let number: Int
        static func == (left: Station, right: Station) -> Bool {
            operations += 1
            return left.number == right.number
        }
        func hash(into hasher: inout Hasher) {
            Station.operations += 1
            hasher.combine(number)
        }
        var description: String { "s\(number)" }
    }

    enum Event: StateMachineHashable { case next, back, alarm }
    typealias SideEffect = Int
    typealias Definition = StateMachine<State, Event, SideEffect>.Definition

    /// `count` stations, each going to the next and back by declared targets, the last one
    /// final; groups of 10 stations in superstates, themselves in groups of 100, with an
    /// `alarm` handler that goes back to the first station.
    static func line(_ count: Int) -> Definition {
        var components: [Component] = []
        for number in 0..<count - 1 {
            let next = Station(number: number + 1)
            let back = Station(number: max(number - 1, 0))
            components.append(state(Station(number: number)) {
                on(.next, to: next) { transition(to: State(number: next.number)) }
                on(.back, to: back) { transition(to: State(number: back.number)) }
            })
        }
        components.append(finalState(Station(number: count - 1)))
        for size in [100, 10] {
            for start in stride(from: 0, to: count, by: size) {
                let members = (start..<min(start + size, count)).map { Station(number: $0) }
                components.append(superstate("\(size == 100 ? "block" : "group") \(start)", containingAll: members) {
                    on(.alarm, to: Station(number: 0)) { transition(to: State(number: 0)) }
                })
            }
        }
        // Without the debug build's report, a validation of its own: building is measured here.
        let empty = Definition { initialState(State(number: 0)) }.withoutProblemReport()
        return StateMachine(definition: empty).with { return components }.definition
    }

    /// The validation steps and identifier operations of a line of `count` stations, and the
    /// same for building it.
    static func work(_ count: Int) -> (validate: Int, validateOperations: Int, build: Int, buildOperations: Int) {
        var definition: Definition?
        Station.operations = 0
        let build = ValidationWork.count { definition = line(count) }
        let buildOperations = Station.operations
        Station.operations = 0
        let validate = ValidationWork.count { try? definition!.validate() }
        return (validate, Station.operations, build, buildOperations)
    }

    @Test static func theLineIsValid() throws {
        try line(200).validate()
    }

    @Test static func validationGrowsLinearlyWithTheStates() {
        let small = work(1_000)
        let large = work(2_000)
        let larger = work(4_000)
        for (name, a, b, c) in [
            ("validation steps", small.validate, large.validate, larger.validate),
            ("identifier operations while validating", small.validateOperations, large.validateOperations, larger.validateOperations),
            ("building steps", small.build, large.build, larger.build),
            ("identifier operations while building", small.buildOperations, large.buildOperations, larger.buildOperations),
        ] {
            #expect(a > 1_000, "\(name): \(a) for 1,000 states; the count does not see the work")
            #expect(Double(b) <= 2.3 * Double(a), "\(name): \(a) for 1,000 states, \(b) for 2,000")
            #expect(Double(c) <= 2.3 * Double(b), "\(name): \(b) for 2,000 states, \(c) for 4,000")
            // A few dozen per state: each state has 2 handlers, 2 superstates and 4 targets.
            #expect(a <= 100 * 1_000, "\(name): \(a) for 1,000 states")
        }
    }
}
