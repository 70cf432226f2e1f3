import StateMachine

/// A state, event or side effect of a table-defined machine: one case with its fields.
///
/// It is what a fixture writes as `"solid"` or `{"locked": {"credit": 30}}`. Two values are equal
/// when their case names and field sets are equal; the order of fields does not matter.
///
/// ```swift
/// let locked = FixtureValue("locked", fields: ["credit": .int(30)])
/// print(locked)   // {"locked":{"credit":30}}
/// ```
public struct FixtureValue: Hashable, Sendable, CustomStringConvertible {

    /// A field of a value: an integer, a string, a boolean or a nested value.
    public enum Field: Hashable, Sendable, CustomStringConvertible {
        case int(Int64)
        case string(String)
        case bool(Bool)
        case value(FixtureValue)

        /// Canonical JSON; a nested value always takes the long form, `{"solid":{}}`.
        public var description: String {
            switch self {
            case .int(let value): "\(value)"
            case .string(let text): Canonical.string(text)
            case .bool(let value): "\(value)"
            case .value(let value): value.canonical(nested: true)
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
