extension StateMachineTypes {

    /// The error thrown by payload access such as `try state.callback()` when the field holds
    /// a value that reflection cannot return safely: a function, or a metatype of a value type
    /// (`Int.Type`), whose stored form depends on how the enum's declaration spells it.
    ///
    /// ```swift
    /// enum State: StateMachineHashable {
    ///     case waiting(onDone: () -> Int, attempts: Int)
    ///     enum HashableIdentifier: String { case waiting }
    /// }
    ///
    /// let attempts: Int = try state.attempts()           // fine
    /// let onDone: () -> Int = try state.onDone()         // throws UnreadablePayloadError
    /// if case let .waiting(onDone, _) = state { … }      // reads it
    /// ```
    ///
    /// A function field is read with `if case` or `switch` instead. When a metatype of a value
    /// type is one of several fields, the others cannot be read by label either, as it moves
    /// them. A payload declared as a generic parameter (`case value(Payload)`) is readable
    /// whatever its argument.
    public struct UnreadablePayloadError: Error, CustomDebugStringConvertible, CustomStringConvertible {

        /// The case whose payload was read.
        public let caseName: String
        /// The label asked for.
        public let label: String
        /// The type of the field asked for, or of the whole payload when that is what cannot
        /// be read.
        public let type: Any.Type

        public var debugDescription: String {
            "Cannot read `\(label)` of case `\(caseName)` by label: `\(type)` holds a function or "
                + "a metatype of a value type, which the enum stores in a form reflection cannot return. "
                + "Match the case instead: `if case let .\(caseName)(…) = value`."
        }

        public var description: String { debugDescription }
    }
}
