/// The payload fields found so far by `StateMachineHashable`'s dynamic member lookup
/// (`try state.credit()`), so that reflection metadata is read once per case, label and
/// requested type, and each later read is a dictionary lookup and a load.
final class PayloadFieldCache: @unchecked Sendable {
    // @unchecked: `fields` is only touched with `lock` held.

    static let shared = PayloadFieldCache()

    struct Key: Hashable {
        let type: ObjectIdentifier
        let tag: Int
        let label: String
        let result: ObjectIdentifier
    }

    private let lock = Lock()
    /// The fields found so far, searched linearly: a program reads a few dozen at most, and
    /// comparing keys (small strings compare by their bits) is cheaper than hashing them. A
    /// `nil` field records that the field cannot be read without `Mirror`. Guarded by `lock`,
    /// so the dynamic exclusivity check is not needed.
    @exclusivity(unchecked) private var fields: [(key: Key, field: PayloadField?)] = []
    /// Beyond this many entries, new fields are computed on each read instead of kept.
    private static let capacity = 256

    /// The field of `value` that `value.<label>()` returns when it is a `T`, read without
    /// `Mirror`; `nil` when that is not possible and `Mirror` must be used.
    static func field<Value, T>(of value: Value, named label: String, as type: T.Type) -> T? {
        guard let payloads = EnumPayloads(Value.self) else { return nil }
        let tag = payloads.tag(of: value)
        let key = Key(type: ObjectIdentifier(Value.self), tag: tag, label: label, result: ObjectIdentifier(T.self))
        guard let field = shared.field(for: key, compute: { payloads.field(ofTag: tag, named: label, as: T.self) }) else {
            return nil
        }
        return payloads.read(field, from: value, as: T.self)
    }

    private func field(for key: Key, compute: () -> PayloadField?) -> PayloadField? {
        let cached: PayloadField?? = lock.withLock {
            fields.withUnsafeBufferPointer { entries in
                for entry in entries where entry.key == key { return .some(entry.field) }
                return .none
            }
        }
        if let cached { return cached }
        let field = compute()
        lock.withLock {
            if fields.count < Self.capacity, !fields.contains(where: { $0.key == key }) {
                fields.append((key, field))
            }
        }
        return field
    }
}
