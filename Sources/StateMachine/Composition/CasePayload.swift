/// The payload of one enum case, read the way decided once when a definition is built: what
/// `child(_:in:events:)` reads a child's state with when no `extract:` is given, without
/// `Mirror` on each event.
///
/// ```swift
/// let payload = CasePayload<Parent, Child>(of: Parent.running(.solid))
/// payload.read(.running(.gas))   // .gas
/// payload.read(.stopped)         // nil: another case
/// ```
///
/// When the case's payload is a value of exactly `Payload`, stored in the enum itself, and the
/// case's tag bits do not sit in it (``EnumPayloads/projectionKeepsBytes(of:)``), a read is a
/// tag check and a load, inlined into the caller. An `indirect` case, a payload whose tag bits
/// must be cleared first, or a payload of another type is read out of line, in place through
/// the enum's layout or, as before, with `associatedValue as? Payload`.
@usableFromInline
struct CasePayload<Value: StateMachineHashable, Payload>: @unchecked Sendable {
    // @unchecked: immutable; the tag reader's pointers point into type metadata.

    /// Reads the tag of a value; nil when `Value` is not an enum.
    @usableFromInline let tagReader: EnumCases<Value>.TagReader?
    /// The case's tag.
    @usableFromInline let tag: Int
    /// The payload's byte offset in the value, for a plain load; -1 to read out of line.
    @usableFromInline let offset: Int
    /// The field read in place by projecting a copy, when a plain load is not enough.
    private let field: PayloadField?
    private let payloads: EnumPayloads?

    /// The payload of the case of `sample`.
    @usableFromInline
    init(of sample: Value) {
        guard let cases = EnumCases<Value>(), let payloads = EnumPayloads(Value.self) else {
            (tagReader, tag, offset, field, self.payloads) = (nil, -1, -1, nil, nil)
            return
        }
        tagReader = cases.tagReader
        tag = cases.tag(of: sample)
        self.payloads = payloads
        // A case of several fields (whose first unlabelled field `access` would find) is not a
        // child's state.
        guard payloads.hasOneField(tag: tag),
              case .inPlace(let field) = payloads.access(ofTag: tag, named: "", as: Payload.self) else {
            (offset, self.field) = (-1, nil)
            return
        }
        self.field = field
        offset = !field.isIndirect && payloads.projectionKeepsBytes(of: sample) ? field.offset : -1
    }

    /// The payload of `value`; nil when `value` is of another case.
    @inlinable @inline(__always)
    func read(_ value: Value) -> Payload? {
        guard offset >= 0, let tagReader else { return readOutOfLine(value) }
        guard tagReader.unprotectedTag(of: value) == tag else { return nil }
        return _withUnprotectedUnsafeBytes(of: value) { $0.load(fromByteOffset: offset, as: Payload.self) }
    }

    /// ``read(_:)`` for payloads a plain load cannot read.
    @usableFromInline
    func readOutOfLine(_ value: Value) -> Payload? {
        if let payloads, let field, tag >= 0 {
            guard payloads.tag(of: value) == tag else { return nil }
            return payloads.read(field, from: value, as: Payload.self)
        }
        if let tagReader, tagReader.tag(of: value) != tag { return nil }
        return value.associatedValue as? Payload
    }
}
