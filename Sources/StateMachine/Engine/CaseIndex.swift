/// Maps a value to the dense index of its case among the cases a definition names.
///
/// Three strategies, chosen once per definition:
/// - `tags`: the value's enum tag indexes an array. Used for enums without payloads whose
///   identifier is the value itself, and for enums whose `HashableIdentifier` is a `String`
///   enum named after the cases (the macro-free form). A few nanoseconds.
/// - `identifiers`: `hashableIdentifier` is computed and looked up in a dictionary. Used for
///   everything else (hand-written identifiers, structs, enums with hashable payloads that
///   identify themselves by value). Correct for any conformance, slower.
///
/// `row(of:)` is inlined into the caller, so that a client module reads the tag with its own
/// concrete types instead of through unspecialized generic code.
@usableFromInline
struct CaseIndex<Value: StateMachineHashable>: @unchecked Sendable {

    /// Set for the `tags` strategy; nil for `identifiers`. Two words without references, kept
    /// out of an enum payload, so that reading them on the hot path copies and retains nothing.
    @usableFromInline let tagReader: EnumCases<Value>.TagReader?
    @usableFromInline let rowOfTag: [Int32]
    @usableFromInline let rowOfIdentifier: [Value.HashableIdentifier: Int]
    /// The row of the cases not named: -1, or the catch-all row of a composite definition
    /// (every event may be delegated to a child or a region).
    @usableFromInline let otherRow: Int
    /// Whether every value has row `otherRow`: a product's one case, named or not. Its rows
    /// are read without hashing an identifier.
    @usableFromInline let hasOneRow: Bool

    /// The number of distinct cases named.
    var count: Int { rowOfIdentifier.count }

    /// - Parameter otherRow: The row of every case not named; -1 for none. Filled into the
    ///   tags, so that `row(of:)` does no extra work for it.
    init(identifiers: [Value.HashableIdentifier], otherRow: Int = -1) {
        var rows: [Value.HashableIdentifier: Int] = [:]
        for identifier in identifiers where rows[identifier] == nil {
            rows[identifier] = rows.count
        }
        rowOfIdentifier = rows
        self.otherRow = otherRow
        hasOneRow = rows.values.allSatisfy { $0 == otherRow }
        if let (cases, rowOfTag) = Self.tagStrategy(rows: rows, otherRow: otherRow) {
            tagReader = cases.tagReader
            self.rowOfTag = rowOfTag
        } else {
            tagReader = nil
            rowOfTag = []
        }
    }

    private static func tagStrategy(rows: [Value.HashableIdentifier: Int], otherRow: Int) -> (EnumCases<Value>, [Int32])? {
        guard let cases = EnumCases<Value>() else { return nil }
        var rowOfTag = [Int32](repeating: Int32(otherRow), count: cases.count)
        if Value.HashableIdentifier.self == Value.self {
            // A value that is its own identifier: only sound when no case has a payload,
            // otherwise `state(.a(1))` must not match `.a(2)`.
            guard (0..<cases.count).allSatisfy({ !cases.hasPayload(tag: $0) }) else { return nil }
            for (identifier, row) in rows {
                rowOfTag[cases.tag(of: identifier as! Value)] = Int32(row)
            }
            return (cases, rowOfTag)
        }
        // The macro-free form: identifiers named after the cases.
        guard StringRawValues.hasStringRawValues(Value.HashableIdentifier.self) else { return nil }
        var missing: [String] = []
        for tag in 0..<cases.count {
            guard let name = cases.name(ofTag: tag) else { return nil }   // no reflection metadata
            guard let identifier = StringRawValues.value(of: Value.HashableIdentifier.self, rawValue: name) as? Value.HashableIdentifier else {
                missing.append(name)
                continue
            }
            rowOfTag[tag] = Int32(rows[identifier] ?? otherRow)
        }
        if !missing.isEmpty {
            preconditionFailure(missingIdentifierMessage(Value.self, caseNames: missing))
        }
        return (cases, rowOfTag)
    }

    /// The row of a value, or -1 when its case is not named in the definition.
    @inlinable @inline(__always)
    func row(of value: Value) -> Int {
        if let tagReader {
            Int(rowOfTag[tagReader.unprotectedTag(of: value)])
        } else if hasOneRow {
            // A product's one row: no identifier to hash.
            otherRow
        } else {
            rowOfIdentifier[value.hashableIdentifier] ?? otherRow
        }
    }

    /// The row of an identifier named in the definition.
    func row(ofIdentifier identifier: Value.HashableIdentifier) -> Int {
        rowOfIdentifier[identifier]!
    }
}

extension EnumCases.TagReader {

    /// ``tag(of:)`` without stack protection: the value is read in place, through an address
    /// that does not escape the call, so the caller needs no stack canary (which costs every
    /// transition a few instructions).
    @inlinable @inline(__always)
    func unprotectedTag(of value: borrowing Value) -> Int {
        if MemoryLayout<Value>.size == 1 && byteIsTag {
            return Int(_withUnprotectedUnsafeBytes(of: value) { $0.load(as: UInt8.self) })
        }
        return Int(_withUnprotectedUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) })
    }
}
