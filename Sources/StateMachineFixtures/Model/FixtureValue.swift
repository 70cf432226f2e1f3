import StateMachine

/// A state, event or side effect of a table-defined machine: one case with its fields.
///
/// It is what a fixture writes as `"solid"` or `{"locked": {"credit": 30}}`. Two values are equal
/// when their case names and field sets are equal; the order of fields does not matter. Names and
/// strings are equal when their Unicode scalars are (SPEC.md R31): `"\u{E9}"` and `"e\u{301}"`
/// are two strings here, as in Kotlin, though Swift's `String ==` calls them equal.
///
/// ```swift
/// let locked = FixtureValue("locked", fields: ["credit": .int(30)])
/// print(locked)   // {"locked":{"credit":30}}
/// ```
public struct FixtureValue: Hashable, Sendable, CustomStringConvertible {

    /// A field of a value: an integer, a string, a boolean or a nested value; in a version-3 file
    /// also a double, null, a list, a set or a map (SPEC.md, "Field types of version 3").
    ///
    /// Two fields are equal when their canonical forms are equal: `-0.0` is not `0.0`, a set or a
    /// map equals another with the same content in any order, an int never equals a double, and
    /// strings are equal when their Unicode scalars are (R31), without normalization.
    public enum Field: Hashable, Sendable, CustomStringConvertible {
        case int(Int64)
        case string(String)
        case bool(Bool)
        case value(FixtureValue)
        /// A finite double, `2.5`.
        case double(Double)
        /// The absent optional, `null`.
        case null
        /// A list, `[1, 2]`, in order.
        case list([Field])
        /// A set, `{"$set": [1, 2]}`; its elements are distinct and their order does not matter.
        case set([Field])
        /// A map, `{"$map": [["a", 1]]}`; its keys are distinct and the order of entries does not matter.
        case map([MapEntry])

        /// One entry of a ``map(_:)``.
        public struct MapEntry: Hashable, Sendable {
            public let key: Field
            public let value: Field

            public init(key: Field, value: Field) {
                self.key = key
                self.value = value
            }
        }

        /// Canonical JSON; a nested value always takes the long form, `{"solid":{}}`; set elements
        /// and map entries in ascending order of their (keys') canonical text.
        public var description: String {
            switch self {
            case .int(let value): "\(value)"
            case .string(let text): Canonical.string(text)
            case .bool(let value): "\(value)"
            case .value(let value): value.canonical(nested: true)
            case .double(let value): Canonical.double(value)
            case .null: "null"
            case .list(let items): Canonical.array(items.map(\.description))
            case .set(let items): Canonical.object([("$set", Canonical.array(Canonical.sorted(items.map(\.description))))])
            case .map(let entries):
                Canonical.object([("$map", Canonical.array(
                    entries.map { ($0.key.description, $0.value.description) }
                        .sorted { Canonical.precedes($0.0, $1.0) }
                        .map { Canonical.array([$0.0, $0.1]) }
                ))])
            }
        }

        public static func == (lhs: Field, rhs: Field) -> Bool {
            switch (lhs, rhs) {
            case let (.int(a), .int(b)): a == b
            case let (.string(a), .string(b)): a.scalarsEqual(b)
            case let (.bool(a), .bool(b)): a == b
            case let (.value(a), .value(b)): a == b
            case let (.double(a), .double(b)): a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
            case (.null, .null): true
            case let (.list(a), .list(b)): a == b
            case (.set, .set), (.map, .map): lhs.description.scalarsEqual(rhs.description)
            default: false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .int(let value): hasher.combine(value)
            case .string(let text): text.hashScalars(into: &hasher)
            case .bool(let flag): hasher.combine(flag)
            case .value(let value): hasher.combine(value)
            case .double(let value): hasher.combine(value.bitPattern)
            case .null: hasher.combine(0 as UInt8)
            case .list(let items): hasher.combine(items)
            case .set, .map: description.hashScalars(into: &hasher)
            }
        }
    }

    /// The case name, `locked`.
    public let caseName: String
    /// The fields by name, `["credit": .int(30)]`.
    public let fields: [String: Field]

    public init(_ caseName: String, fields: [String: Field] = [:]) {
        self.caseName = caseName
        self.fields = fields
    }

    public static func == (lhs: FixtureValue, rhs: FixtureValue) -> Bool {
        guard lhs.caseName.scalarsEqual(rhs.caseName), lhs.fields.count == rhs.fields.count else { return false }
        for (name, field) in lhs.fields {
            // The dictionary finds a canonically equivalent name; the scalars must be the same too.
            guard let index = rhs.fields.index(forKey: name), rhs.fields[index].key.scalarsEqual(name),
                  rhs.fields[index].value == field
            else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        caseName.hashScalars(into: &hasher)
        hasher.combine(fields)
    }

    /// Canonical JSON: `"solid"` for a value without fields, `{"locked":{"credit":30}}` otherwise.
    public var description: String { canonical(nested: false) }

    func canonical(nested: Bool) -> String {
        if let items = listItems { return Canonical.array(items.map { $0.canonical(nested: false) }) }
        if fields.isEmpty && !nested { return Canonical.string(caseName) }
        return Canonical.object([(caseName, Canonical.object(fields.map { ($0.key, $0.value.description) }))])
    }
}

extension FixtureValue: StateMachineHashable {

    /// Values are matched by case name, as enum cases are.
    public var hashableIdentifier: String { caseName }
}
