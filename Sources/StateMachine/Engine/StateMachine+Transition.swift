extension StateMachine {

    /// The outcome of an event: valid, invalid, or failed — Kotlin's `Transition`, plus the
    /// failures that Kotlin throws. Returned by ``StateMachine/tryTransition(_:)`` and
    /// ``StateMachineTypes/Definition/transition(from:on:)``.
    public enum Transition {

        /// A handler matched: the machine moved to `toState` (or stayed, for `dontTransition`).
        case valid(Valid)
        /// The state's definition has no handler for the event; nothing changed.
        case invalid(Invalid)
        /// A handler or predicate threw, no definition matches the state, or the transition was
        /// started from inside one of this machine's listeners or handlers: nothing changed. Or
        /// an `onTransition` listener threw, after the state changed (SPEC R39).
        case failed(any Error)

        public typealias Result = Swift.Result<Valid, Error>
        /// An observer's callback (``StateMachine/observe(_:)``, ``StateMachine/startObserving(_:callback:)``).
        public typealias Callback = (_ result: Result) -> Void
        /// A definition's `onTransition` listener. An error it throws reaches the sender after
        /// the state has changed, and the listeners after it do not run (SPEC R39).
        public typealias Listener = (_ result: Result) throws -> Void

        /// A transition that a handler accepted.
        public struct Valid: CustomDebugStringConvertible {

            public let fromState: State
            public let event: Event
            public let toState: State
            public let sideEffect: SideEffect?

            @inlinable
            public init(fromState: State, event: Event, toState: State, sideEffect: SideEffect?) {
                self.fromState = fromState
                self.event = event
                self.toState = toState
                self.sideEffect = sideEffect
            }

            public var debugDescription: String {
                "fromState: \(fromState), event: \(event), toState: \(toState), sideEffect: \(sideEffect.map { "\($0)" } ?? "nil")"
            }
        }

        /// An event that the current state's definition does not handle. Thrown by
        /// ``StateMachine/transition(_:)``; carries the state and the event, as in Kotlin.
        public struct Invalid: Error, CustomDebugStringConvertible {

            public let fromState: State
            public let event: Event

            @inlinable
            public init(fromState: State, event: Event) {
                self.fromState = fromState
                self.event = event
            }

            public var debugDescription: String {
                "Invalid transition: state \(fromState) has no handler for event \(event)"
            }
        }

        /// The valid transition, if this is one.
        @inlinable
        public var valid: Valid? {
            if case .valid(let valid) = self { return valid }
            return nil
        }

        /// The invalid transition, if this is one.
        @inlinable
        public var invalid: Invalid? {
            if case .invalid(let invalid) = self { return invalid }
            return nil
        }

        /// The error, if the transition failed.
        @inlinable
        public var error: (any Error)? {
            if case .failed(let error) = self { return error }
            return nil
        }

        /// The outcome a listener's `Result` stands for, with invalid and failed apart: what
        /// ``StateMachine/tryTransition(_:)`` returned for it.
        ///
        /// ```swift
        /// let token = machine.observe { result in
        ///     if case .invalid(let invalid) = StateMachine<State, Event, SideEffect>.Transition(result) {
        ///         print("\(invalid.event) is not handled in \(invalid.fromState)")
        ///     }
        /// }
        /// ```
        ///
        /// `.failure` holding a ``Invalid`` becomes `.invalid`, any other error `.failed`.
        @inlinable
        public init(_ result: Result) {
            switch result {
            case .success(let valid): self = .valid(valid)
            case .failure(let invalid as Invalid): self = .invalid(invalid)
            case .failure(let error): self = .failed(error)
            }
        }

        /// This outcome as Tinder's `Result`: invalid and failed become `.failure`.
        @inlinable
        public var result: Result {
            switch self {
            case .valid(let valid): .success(valid)
            case .invalid(let invalid): .failure(invalid)
            case .failed(let error): .failure(error)
            }
        }
    }

    /// Errors that come from using the machine rather than from its definition's handlers.
    public enum StateMachineError: Error, CustomStringConvertible {

        /// A transition was started from inside one of this machine's handlers or listeners
        /// on the same thread. Send the event after the current transition returns instead.
        case recursionDetected

        public var description: String {
            switch self {
            case .recursionDetected:
                "Recursion detected: a transition was started from inside this machine's own handler or listener; send the event after the current transition returns."
            }
        }
    }

    /// The machine received an event in a state that no `state(...)` definition matches.
    ///
    /// This is a mistake in the definition, not an invalid event: add a `state(...)` block for
    /// the state, even an empty one if no event should be accepted there.
    public struct MissingDefinitionError: Error, CustomStringConvertible {

        public let state: State

        public init(state: State) {
            self.state = state
        }

        public var description: String {
            "No state definition matches state \(state): add `state(...) { }` for it to the machine definition."
        }
    }
}

extension StateMachine.Transition.Valid: Equatable where State: Equatable, Event: Equatable, SideEffect: Equatable {}

extension StateMachine.Transition.Invalid: Equatable where State: Equatable, Event: Equatable {}

extension StateMachine.Transition: Equatable where State: Equatable, Event: Equatable, SideEffect: Equatable {

    /// Valid and invalid outcomes compare by value; failures compare equal when their errors
    /// have the same description.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case let (.valid(left), .valid(right)): left == right
        case let (.invalid(left), .invalid(right)): left == right
        case let (.failed(left), .failed(right)): String(describing: left) == String(describing: right)
        default: false
        }
    }
}

extension StateMachine.StateMachineError: Equatable {}

extension StateMachine.Transition.Valid: Sendable where State: Sendable, Event: Sendable, SideEffect: Sendable {}
extension StateMachine.Transition.Invalid: Sendable where State: Sendable, Event: Sendable {}
extension StateMachine.MissingDefinitionError: Sendable where State: Sendable {}
