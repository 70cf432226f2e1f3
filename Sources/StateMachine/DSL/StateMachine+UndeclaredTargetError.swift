extension StateMachine {

    /// A handler that declared its targets with `to:` led to a state of another case.
    ///
    /// ```swift
    /// state(.solid) {
    ///     on(.melt, to: .liquid) { transition(to: .gas) }   // fails: gas is not declared
    /// }
    /// ```
    ///
    /// The transition fails with this error (``Transition/failed(_:)``, or thrown by
    /// ``StateMachine/transition(_:)``) and nothing changes: the state stays, no side effect is
    /// emitted and no `onExit` / `onEnter` listener runs, as for any error a handler throws
    /// (rule R15). The check runs in every build configuration; see <doc:DeclaredTargets>.
    public struct UndeclaredTargetError: Error, CustomStringConvertible {

        /// The file of the handler, as `#fileID` gives it: `MyModule/Machine.swift`.
        public let file: String
        /// The line of the handler.
        public let line: Int
        /// The cases the handler declared with `to:`.
        public let declaredTargets: [State.HashableIdentifier]
        /// The state the machine was in.
        public let fromState: State
        /// The event the handler handled.
        public let event: Event
        /// The state the handler led to (the current state for `dontTransition`).
        public let toState: State

        /// What happened and how to fix it, with the handler's file and line.
        public var description: String {
            let declared = declaredTargets.map { "\($0)" }.joined(separator: ", ")
            return "Undeclared target: the handler at \(file):\(line) declares `to: \(declared)` but led from \(fromState) to \(toState) on \(event), so the transition failed and nothing changed. Add \(toState.hashableIdentifier) to its `to:` list, or make it lead to a declared target."
        }
    }
}

extension StateMachine.UndeclaredTargetError: Sendable where State: Sendable, Event: Sendable, State.HashableIdentifier: Sendable {}
