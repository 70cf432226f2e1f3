/// The payload fields that `try state.credit()` reads with a plain load, looked up by code
/// inlined into the caller, where the enum and the result type are concrete: no generic
/// metadata is looked up, no closure is called, the lock is taken once.
///
/// A field is listed here once ``PayloadFieldCache/field(of:named:as:)`` has decided to read it
/// in place (``PayloadAccess/inPlace(_:)``) and found that taking the payload out of a value of
/// its case leaves the value's bytes as they are (``EnumPayloads/projectionKeepsBytes(of:)``):
/// then the field is a load at an offset from the value, or from the box of an `indirect` case.
/// Everything else (`Mirror`, the errors, payloads whose case bits must be cleared first) stays
/// on the out-of-line path, which decides and lists.
///
/// Entries are keyed by the enum type, the requested type, the case's tag and the label's bits
/// (``LabelBits``): two strings with the same bits are the same string, and a label spelled with
/// other bits (a long label from another module) misses here and is found by the out-of-line
/// path, which compares strings and lists those bits too. Each listed label is kept alive in
/// ``Contents/labels``, so that its bits cannot come to name another string.
@usableFromInline
enum InPlaceFieldReads {

    /// One field read with a plain load.
    @usableFromInline
    struct Entry {
        @usableFromInline let type: ObjectIdentifier
        @usableFromInline let result: ObjectIdentifier
        @usableFromInline let label: LabelBits
        @usableFromInline let tag: Int
        /// The enum's metadata and `getEnumTag` value witness, to read a value's tag.
        @usableFromInline let metadata: UnsafeRawPointer
        @usableFromInline let getEnumTag: GetEnumTag
        /// The field's byte offset in the value, or in the box of an `indirect` case.
        @usableFromInline let offset: Int
        /// Where the payload starts in the box of an `indirect` case; -1 when the payload is in
        /// the value itself.
        @usableFromInline let boxOffset: Int
    }

    /// The entries, guarded by the lock of ``table``.
    @usableFromInline
    struct Contents {
        @usableFromInline var count = 0
        @usableFromInline var entries: UnsafeMutablePointer<Entry>
        var capacity: Int
        /// The labels of the entries, kept alive (see ``InPlaceFieldReads``).
        var labels: [String] = []
    }

    /// Beyond this many entries, fields are read on the out-of-line path.
    static var maximumCount: Int { 256 }

    @usableFromInline
    static let table = Locked(Contents(entries: .allocate(capacity: 8), capacity: 8))

    /// The field `label` of `value` as a `T`, when it is listed; nil to take the out-of-line path.
    @inlinable @inline(__always)
    static func read<Value, T>(_ value: borrowing Value, label: String, as _: T.Type) -> T? {
        #if _pointerBitWidth(_64)
        let type = ObjectIdentifier(Value.self)
        let result = ObjectIdentifier(T.self)
        let bits = LabelBits(label)
        let table = Self.table
        guard table.lock(ThreadID.current) else { return nil }
        let contents = table.contentsPointer
        var entry = contents.pointee.entries
        let end = entry + contents.pointee.count
        var tag = -1
        while entry != end {
            if entry.pointee.type == type, entry.pointee.result == result, entry.pointee.label == bits {
                if tag < 0 {
                    tag = Int(_withUnprotectedUnsafePointer(to: value) {
                        entry.pointee.getEnumTag(UnsafeRawPointer($0), entry.pointee.metadata)
                    })
                }
                if entry.pointee.tag == tag { break }
            }
            entry += 1
        }
        guard entry != end else {
            table.unlock()
            return nil
        }
        let offset = entry.pointee.offset
        let boxOffset = entry.pointee.boxOffset
        table.unlock()
        return _withUnprotectedUnsafeBytes(of: value) { bytes in
            if boxOffset < 0 {
                return bytes.load(fromByteOffset: offset, as: T.self)
            }
            return (bytes.load(as: UnsafeRawPointer.self) + boxOffset).load(fromByteOffset: offset, as: T.self)
        }
        #else
        // A `String` of 32-bit platforms has padding, whose bits say nothing.
        return nil
        #endif
    }

    /// Lists `field`, the field `label` of the case of `value` as a `T`, when a plain load reads
    /// it and it is not listed yet; `payloads` was made for `Value`.
    static func list<Value, T>(_ field: PayloadField, of value: Value, in payloads: EnumPayloads, label: String, as _: T.Type) {
        #if _pointerBitWidth(_64)
        let bits = LabelBits(label)
        let locked = table.lock(ThreadID.current)
        precondition(locked, "the payload field table is not reentrant")
        defer { table.unlock() }
        table.contents.list(
            Entry(
                type: ObjectIdentifier(Value.self), result: ObjectIdentifier(T.self), label: bits, tag: field.tag,
                metadata: payloads.metadataPointer, getEnumTag: payloads.getEnumTag,
                offset: field.offset, boxOffset: field.isIndirect ? field.boxOffset : -1
            ),
            label: label
        ) { payloads.projectionKeepsBytes(of: value) }
        #endif
    }
}

extension InPlaceFieldReads.Contents {

    /// Appends `entry` unless it is listed, the table is full, or `isLoadable` says no.
    mutating func list(_ entry: InPlaceFieldReads.Entry, label: String, if isLoadable: () -> Bool) {
        guard count < InPlaceFieldReads.maximumCount else { return }
        for index in 0..<count {
            let listed = entries[index]
            if listed.type == entry.type, listed.result == entry.result, listed.label == entry.label,
               listed.tag == entry.tag {
                return
            }
        }
        guard isLoadable() else { return }
        if count == capacity {
            // Readers only touch the entries with the lock held, as this does.
            let larger = UnsafeMutablePointer<InPlaceFieldReads.Entry>.allocate(capacity: 2 * capacity)
            larger.moveInitialize(from: entries, count: count)
            entries.deallocate()
            entries = larger
            capacity *= 2
        }
        (entries + count).initialize(to: entry)
        labels.append(label)
        count += 1
    }
}

/// The bits of a `String` value of a 64-bit platform, compared instead of its characters. Equal
/// bits are the same string: a small string is its bits, a larger one the address of its storage
/// (which must be kept alive for the bits to keep naming it) and its count and flags; different
/// bits may still be equal strings.
@usableFromInline
struct LabelBits: Equatable {
    @usableFromInline let low: UInt64
    @usableFromInline let high: UInt64

    @inlinable @inline(__always)
    init(_ label: String) {
        (low, high) = _withUnprotectedUnsafeBytes(of: label) {
            ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self))
        }
    }

    @inlinable @inline(__always)
    static func == (lhs: LabelBits, rhs: LabelBits) -> Bool {
        lhs.low == rhs.low && lhs.high == rhs.high
    }
}
