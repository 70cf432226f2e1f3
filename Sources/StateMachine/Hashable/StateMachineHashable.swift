/// A state or event type that the DSL can match by case, ignoring payloads.
///
/// Enums without associated values conform with no extra code:
///
/// ```swift
/// enum State: StateMachineHashable { case solid, liquid, gas }
/// ```
///
/// Enums with associated values add one line, a nested `HashableIdentifier` enum whose
/// cases are named like the enum's cases. No macro, code generator or hand-written
/// `switch` is needed:
///
/// ```swift
/// indirect enum State: StateMachineHashable {
///     case locked(credit: Int), unlocked, broken(oldState: State)
///     enum HashableIdentifier: String { case locked, unlocked, broken }
/// }
///
/// state(.locked) { … }              // matches .locked(credit: 30)
/// let credit: Int = try state.credit()
/// ```
///
/// Types that need another mapping can still implement `hashableIdentifier` by hand, as
/// with Tinder's StateMachine; the identifier must depend on the case only.
@dynamicMemberLookup
public protocol StateMachineHashable {

    /// What the DSL matches on: one identifier per case.
    associatedtype HashableIdentifier: Hashable

    typealias IncorrectTypeError = StateMachineTypes.IncorrectTypeError

    /// The identifier of this value's case.
    var hashableIdentifier: HashableIdentifier { get }

    /// The payload of this value's case: a single value, a tuple of labelled fields, or `()`.
    var associatedValue: Any { get }
}

extension StateMachineHashable where Self: Hashable {

    /// A payload-less enum identifies each value by itself.
    public var hashableIdentifier: Self { self }
}

extension StateMachineHashable where HashableIdentifier: RawRepresentable, HashableIdentifier.RawValue == String {

    /// The identifier named like this value's case.
    ///
    /// > Important: The identifier enum must list every case. A missing case stops the program
    /// > with a message naming the case and the line to add.
    public var hashableIdentifier: HashableIdentifier {
        CaseNameIdentifiers<Self>.shared.identifier(of: self)
    }
}

extension StateMachineHashable {

    /// The payload of this value's case, read by reflection; `()` for a payload-less case.
    ///
    /// A payload that holds a function, or a metatype of a value type, cannot be copied by
    /// reflection (see ``StateMachineTypes/UnreadablePayloadError``): for it, this is the
    /// ``StateMachineTypes/UnreadablePayloadError`` that says so, never a damaged copy.
    public var associatedValue: Any {
        if let error = PayloadFieldCache.unreadablePayload(of: self) { return error }
        return payloadOfCase(self) ?? ()
    }

    /// Reads a payload field by its label: `try locked.credit()`.
    ///
    /// When the case has several labelled fields, the one named `member` is returned. Otherwise
    /// the whole payload is cast to `T` (so `try insertCoin.value()` works on an unlabelled
    /// single payload, as in Tinder's StateMachine).
    ///
    /// When the field's declared type is exactly `T`, it is read in place through the enum's
    /// layout (reflection metadata read once per case, label and type; after that, a lookup and
    /// a load compiled into your code); otherwise through `Mirror`, which costs microseconds.
    ///
    /// - Throws: ``StateMachineTypes/IncorrectTypeError`` when the payload is not a `T`;
    ///   ``StateMachineTypes/UnreadablePayloadError`` when the field holds a function, or the
    ///   payload a metatype of a value type, which reflection cannot return (read those with
    ///   `if case` or `switch`).
    @inlinable
    public subscript<T>(dynamicMember member: String) -> () throws -> T {
        { [self] in
            if let value = InPlaceFieldReads.read(self, label: member, as: T.self) { return value }
            return try readPayloadField(named: member, as: T.self)
        }
    }

    /// The body of the dynamic member lookup for a field not read by a plain load yet, out of line.
    @usableFromInline
    func readPayloadField<T>(named member: String, as _: T.Type) throws -> T {
        if let value = try PayloadFieldCache.field(of: self, named: member, as: T.self) {
            return value
        }
        // The payload is safe to copy: `field(of:named:as:)` throws for any other.
        let payload = payloadOfCase(self) ?? ()
        if let field = payloadField(payload, named: member) {
            guard let value = field as? T else {
                throw IncorrectTypeError(expectedType: T.self, encounteredType: type(of: field))
            }
            return value
        }
        guard let value = payload as? T else {
            throw IncorrectTypeError(expectedType: T.self, encounteredType: type(of: payload))
        }
        return value
    }
}

/// The payload of an enum value's case, or nil when the case has none.
private func payloadOfCase(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let child = mirror.children.first else { return nil }
    return child.value
}

/// A labelled field of a tuple payload.
private func payloadField(_ payload: Any, named label: String) -> Any? {
    let mirror = Mirror(reflecting: payload)
    guard mirror.displayStyle == .tuple else { return nil }
    return mirror.children.first { $0.label == label }?.value
}
