/// How the payload fields asked for so far by `StateMachineHashable`'s dynamic member lookup
/// (`try state.credit()`) are read, so that reflection metadata is read once per enum type,
/// case, label and requested type, and each later read is a lookup and a load.
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
    /// The decisions made so far, searched linearly: a program reads a few dozen fields at
    /// most, and comparing keys (small strings compare by their bits) is cheaper than hashing
    /// them. Guarded by `lock`, so the dynamic exclusivity check is not needed.
    @exclusivity(unchecked) private var fields: [(key: Key, access: PayloadAccess)] = []
    /// Beyond this many entries, new decisions are computed on each read instead of kept.
    private static let capacity = 256

    /// The field of `value` that `value.<label>()` returns when it is a `T`, read in place.
    ///
    /// - Returns: `nil` when `Mirror` must be used instead (see ``PayloadAccess/mirror``).
    /// - Throws: ``StateMachineTypes/UnreadablePayloadError`` when the field cannot be read
    ///   safely at all; ``StateMachineTypes/IncorrectTypeError`` when, besides, it is a function
    ///   and `T` a type no function converts to.
    static func field<Value, T>(of value: Value, named label: String, as type: T.Type) throws -> T? {
        guard let payloads = EnumPayloads(Value.self) else { return nil }
        let tag = payloads.tag(of: value)
        let key = Key(type: ObjectIdentifier(Value.self), tag: tag, label: label, result: ObjectIdentifier(T.self))
        switch shared.access(for: key, compute: { payloads.access(ofTag: tag, named: label, as: T.self) }) {
        case .inPlace(let field):
            InPlaceFieldReads.list(field, of: value, in: payloads, label: label, as: T.self)
            return payloads.read(field, from: value, as: T.self)
        case .mirror:
            return nil
        case .unreadable(let type):
            throw StateMachineTypes.UnreadablePayloadError(caseName: payloads.caseName(ofTag: tag), label: label, type: type)
        case .incorrectType(let encountered):
            throw StateMachineTypes.IncorrectTypeError(expectedType: T.self, encounteredType: encountered)
        }
    }

    /// Why the whole payload of `value` cannot be copied into an `Any` safely, or `nil` when it
    /// can (or `value` is not an enum).
    static func unreadablePayload<Value>(of value: Value) -> StateMachineTypes.UnreadablePayloadError? {
        // No label is the empty string, so this asks about the whole payload, as an `Any`.
        do {
            _ = try field(of: value, named: "", as: Any.self)
            return nil
        } catch let error as StateMachineTypes.UnreadablePayloadError {
            return error
        } catch {
            return nil
        }
    }

    private func access(for key: Key, compute: () -> PayloadAccess) -> PayloadAccess {
        let cached: PayloadAccess? = lock.withLock {
            fields.withUnsafeBufferPointer { entries in
                for entry in entries where entry.key == key { return entry.access }
                return nil
            }
        }
        if let cached { return cached }
        let access = compute()
        lock.withLock {
            if fields.count < Self.capacity, !fields.contains(where: { $0.key == key }) {
                fields.append((key, access))
            }
        }
        return access
    }
}
