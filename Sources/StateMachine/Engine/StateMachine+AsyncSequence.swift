extension StateMachine where State: Sendable, Event: Sendable, SideEffect: Sendable {

    /// Every outcome of every transition from now on, as an asynchronous sequence: Tinder's
    /// observer `Result`, in the order the transitions happened (Spec R11). The sequence ends
    /// after the transition into a final state (``isFinished``, R27), and is empty when made
    /// after the machine finished.
    ///
    /// ```swift
    /// for await result in machine.transitions {
    ///     if case .success(let valid) = result { print(valid.toState) }
    /// }
    /// ```
    ///
    /// Each access makes a new stream with its own observation, so several consumers each get
    /// every outcome. The observation starts when the stream is made and ends when the consuming
    /// task is cancelled or the stream is released. The stream buffers without limit, so a slow
    /// consumer never makes a transition wait or lose an outcome, at the cost of memory; use
    /// ``transitions(bufferingPolicy:)`` to bound it. While a stream is alive it keeps the
    /// machine alive.
    public var transitions: AsyncStream<Transition.Result> {
        transitions(bufferingPolicy: .unbounded)
    }

    /// ``transitions`` with a buffering policy for slow consumers: `.bufferingNewest(n)` keeps
    /// the latest `n` outcomes not yet consumed, `.bufferingOldest(n)` the first `n`.
    public func transitions(
        bufferingPolicy: AsyncStream<Transition.Result>.Continuation.BufferingPolicy
    ) -> AsyncStream<Transition.Result> {
        let table = definition.table
        return AsyncStream(bufferingPolicy: bufferingPolicy) { continuation in
            let entry = Observer(object: nil) { result in
                continuation.yield(result)
                if case .success(let valid) = result, table.isFinal(valid.toState) { continuation.finish() }
            }
            // A finished machine's stream ends at once; otherwise the finishing transition ends it.
            let finished = changeObservers { current in
                if table.isFinal(current.state) { return true }
                current.observers.append(entry)
                return false
            }
            guard !finished else { return continuation.finish() }
            let token = ObservationToken { [self] in
                self.changeObservers { $0.observers.removeAll { $0 === entry } }
            }
            continuation.onTermination = { _ in token.cancel() }
        }
    }

    /// The current state, then the state after every valid transition from now on (a
    /// `dontTransition` repeats the state), as an asynchronous sequence, in order.
    ///
    /// ```swift
    /// for await state in machine.states { render(state) }
    /// ```
    ///
    /// The first element is the state when the stream is made; no transition is missed or seen
    /// twice between it and the next. The sequence ends after a final state (``isFinished``,
    /// R27): made after the machine finished, it holds the final state only. Several consumers, cancellation and buffering work as for
    /// ``transitions``; use ``states(bufferingPolicy:)`` to bound the buffer, for instance
    /// `.bufferingNewest(1)` for a consumer that only needs the latest state.
    public var states: AsyncStream<State> {
        states(bufferingPolicy: .unbounded)
    }

    /// ``states`` with a buffering policy for slow consumers.
    public func states(
        bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
    ) -> AsyncStream<State> {
        let table = definition.table
        return AsyncStream(bufferingPolicy: bufferingPolicy) { continuation in
            let entry = Observer(object: nil) { result in
                guard case .success(let valid) = result else { return }
                continuation.yield(valid.toState)
                if table.isFinal(valid.toState) { continuation.finish() }
            }
            // The current state and the registration in one critical section: a transition is
            // either already in the current state or delivered to the entry, never both.
            let finished = changeObservers { current in
                continuation.yield(current.state)
                if table.isFinal(current.state) { return true }
                current.observers.append(entry)
                return false
            }
            // A finished machine's stream ends after its state; otherwise the finishing
            // transition ends it.
            guard !finished else { return continuation.finish() }
            let token = ObservationToken { [self] in
                self.changeObservers { $0.observers.removeAll { $0 === entry } }
            }
            continuation.onTermination = { _ in token.cancel() }
        }
    }
}
