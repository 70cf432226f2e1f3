// Ported from ObservableState.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum ListViewModel: StateMachineBuilder {

    typealias State = Screen
    typealias Event = ScreenEvent
    typealias SideEffect = ScreenEffect

    enum Screen: StateMachineHashable, Codable, Equatable {
        case loading
        case shown(items: [String])
        case failed(message: String)

        enum HashableIdentifier: String { case loading, shown, failed }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .loading: "Loading"
            case let .shown(items): "Shown(items=\("[" + items.map { e0 in "\(e0)" }.joined(separator: ", ") + "]"))"
            case let .failed(message): "Failed(message=\(message))"
            }
        }
    }

    enum ScreenEvent: StateMachineHashable, Codable, Equatable {
        case loaded(items: [String])
        case loadFailed(message: String)
        case retry

        enum HashableIdentifier: String { case loaded, loadFailed, retry }
    }

    enum ScreenEffect: Codable, Equatable {
        case showError(message: String)
        case reload
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    /// The handlers change some of its properties, as the Kotlin ones change the class's: it is a class.
    protocol Collaborators: AnyObject {
        /// Kotlin's `retries`, a MutableStateFlow: its value.
        var retries: Int { get set }
        /// Kotlin's `_state`, a MutableStateFlow: its value.
        var state: Screen { get set }
        /// Kotlin's `effects`, a MutableLiveData: its value.
        var effects: ScreenEffect? { get set }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.loading)
            state(.loading) {
                on(.loaded) { _, event in
                    guard case let .loaded(items) = event else { preconditionFailure() }
                    return transition(to: .shown(items: items))
                }
                on(.loadFailed) { _, event in
                    guard case let .loadFailed(message) = event else { preconditionFailure() }
                    return transition(to: .failed(message: message), emit: .showError(message: message))
                }
            }
            state(.failed) {
                on(.retry) {
                    if context.retries < 2 {
                        return transition(to: .loading, emit: .reload)
                    } else {
                        return dontTransition()
                    }
                }
            }
            onTransition { result in
                guard case .success(let valid) = result else { return }
                context.state = valid.toState
                if valid.sideEffect == .reload {
                    context.retries = context.retries + 1
                }
            }
            onTransition { result in
                guard case .success(let valid) = result, let effect = valid.sideEffect else { return }
                print("published \(valid.toState.kotlinText)")
                context.effects = effect
            }
        }
    }
}
