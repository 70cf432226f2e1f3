import StateMachine

/// Tinder's matter machine (seed 004) with every handler declaring its target, as the command-line
/// guide's diagram (`Docs/CommandLine.md`) shows it.
enum DeclaredMatter: StateMachineBuilder {

    typealias State = Matter.State
    typealias Event = Matter.Event
    typealias SideEffect = Matter.SideEffect

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.solid)
        state(.solid) {
            on(.melt, to: .liquid) { transition(to: .liquid, emit: .logMelted) }
        }
        state(.liquid) {
            on(.freeze, to: .solid) { transition(to: .solid, emit: .logFrozen) }
            on(.vaporize, to: .gas) { transition(to: .gas, emit: .logVaporized) }
        }
        state(.gas) {
            on(.condense, to: .liquid) { transition(to: .liquid, emit: .logCondensed) }
        }
    }
}

/// A vending machine with payloads, a guard with a label, a handler with two targets, one
/// declared with its side effect, one without declared targets, `dontTransition` and a final
/// state: every kind of node and edge a diagram draws. It is the example of the DocC article
/// "Declared targets, validation and diagrams".
enum Vending: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable {
        case idle, paying(credit: Int), serving, retired
        enum HashableIdentifier: String { case idle, paying, serving, retired }
    }

    enum Event: StateMachineHashable, Equatable {
        case coin(Int), select, refund, served, retire
        enum HashableIdentifier: String { case coin, select, refund, served, retire }
    }

    enum SideEffect: Equatable { case giveChange, serve }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.idle)
        state(.idle) {
            on(.coin, to: .paying) { _, coin in transition(to: .paying(credit: try coin.value())) }
            on(.retire, to: .retired) { transition(to: .retired) }
        }
        state(.paying) {
            on(.coin, where: { try $0.value() > 0 }, label: "value > 0", to: .paying, .serving) { paying, coin in
                let credit: Int = try paying.credit() + coin.value()
                return credit >= 100 ? transition(to: .serving, emit: .serve) : transition(to: .paying(credit: credit))
            }
            on(.select, to: .paying) { dontTransition() }
            on(.refund, to: .idle, emit: .giveChange)
        }
        state(.serving) {
            on(.served) { transition(to: .idle) }
        }
        finalState(.retired)
    }
}
