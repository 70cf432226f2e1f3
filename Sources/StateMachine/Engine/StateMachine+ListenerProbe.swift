extension StateMachine {
    /// A machine in this machine's state whose definition's listeners first tell `probe` that
    /// they are called (``StateMachineTypes/Definition/probingListeners(_:)``), with this
    /// machine's observers: what `statemachine compare` runs of a machine that a function of
    /// the user's makes (Spec/VERIFY.md, V10). The machine's state is not entered again.
    package func probingListeners(_ probe: @escaping (Definition.ListenerCall) -> Void) -> StateMachine {
        let machine = StateMachine(definition: definition.probingListeners(probe).resuming(in: state))
        let observers = changeObservers { $0.observers }
        machine.changeObservers { $0.observers = observers }
        return machine
    }
}
