import StateMachine
import Testing

/// Cases under `#if`, and comments between cases.
@Suite struct MacroConditionalCasesTests: StateMachineBuilder {

    // The screen's states.
    enum State: Equatable, StateMachineHashable {
        /// Nothing loaded yet.
        case empty
        case loaded(items: [String]) // what the server sent
        #if DEBUG
        /// Only in debug builds.
        case inspecting(item: String)
        #else
        case locked
        #endif
        enum HashableIdentifier: String {
            case empty
            case loaded
            #if DEBUG
            case inspecting
            #else
            case locked
            #endif
        }
    }

    enum Event: Equatable, StateMachineHashable {
        case load([String])
        /* block comment */ case clear
        #if DEBUG
        case inspect(String)
        #endif
        enum HashableIdentifier: String {
            case load
            case clear
            #if DEBUG
            case inspect
            #endif
        }
    }

    enum SideEffect: Equatable { case render(Int) }

    static func screen() -> StateMachine<State, Event, SideEffect> {
        StateMachine {
            initialState(.empty)
            state(.empty) {
                on(.load) { _, load in
                    let items: [String] = try load.value()
                    return transition(to: .loaded(items: items), emit: .render(items.count))
                }
            }
            state(.loaded) {
                on(.clear) { transition(to: .empty, emit: .render(0)) }
                #if DEBUG
                on(.inspect) { _, inspect in transition(to: .inspecting(item: try inspect.value())) }
                #endif
            }
            #if DEBUG
            state(.inspecting) {
                on(.clear) { transition(to: .empty) }
            }
            #endif
        }
    }

    @Test static func loadingRendersTheItems() throws {
        let machine = screen()
        let loaded = try machine.transition(.load(["a", "b"]))
        #expect(loaded.sideEffect == .render(2))
        #expect(machine.state == .loaded(items: ["a", "b"]))
        try machine.transition(.clear)
        #expect(machine.state == .empty)
    }
}
