@_spi(Tooling) import StateMachine

/// Definitions of many states, for the time `validate()` and building take as the number of
/// states grows: a line of stations, each going to the next and back with declared targets,
/// the last one final, in superstates of 10 stations themselves in superstates of 100, whose
/// handler goes back to the first station.
public enum LargeDefinition: StateMachineBuilder {

    public struct State: StateMachineHashable, Sendable {
        public let number: Int
        public var hashableIdentifier: Int { number }
        public var associatedValue: Any { number }
    }
    public enum Event: StateMachineHashable, Sendable { case next, back, alarm }
    public typealias SideEffect = Int
    public typealias Definition = StateMachine<State, Event, SideEffect>.Definition

    /// The components of a line of `count` stations.
    public static func components(_ count: Int) -> [Component] {
        var components: [Component] = []
        for number in 0..<count - 1 {
            let next = number + 1
            let back = max(number - 1, 0)
            components.append(state(number) {
                on(.next, to: next) { transition(to: State(number: next)) }
                on(.back, to: back) { transition(to: State(number: back)) }
            })
        }
        components.append(finalState(count - 1))
        for size in [100, 10] {
            for start in stride(from: 0, to: count, by: size) {
                // A last group of ten or fewer states is already the last group of a hundred.
                if size == 10, start % 100 == 0, count - start <= 10 { continue }
                components.append(superstate("\(size) from \(start)", containingAll: Array(start..<min(start + size, count))) {
                    on(.alarm, to: 0) { transition(to: State(number: 0)) }
                })
            }
        }
        return components
    }

    /// Builds the definition of `components` (compiling its table).
    public static func definition(_ components: [Component]) -> Definition {
        let empty = Definition { initialState(State(number: 0)) }
        return StateMachine(definition: empty).with { return components }.definition
    }
}
