/// The identifiers of an enum whose `HashableIdentifier` is a `String` enum named after its
/// cases, one per case tag, computed once per type.
final class CaseNameIdentifiers<Value: StateMachineHashable>: @unchecked Sendable
where Value.HashableIdentifier: RawRepresentable, Value.HashableIdentifier.RawValue == String {

    let cases: EnumCases<Value>?
    /// Indexed by case tag; nil for a case the identifier enum lacks.
    private let identifiers: [Value.HashableIdentifier?]

    private init() {
        let cases = EnumCases<Value>()
        self.cases = cases
        identifiers = (0..<(cases?.count ?? 0)).map { tag in
            cases?.name(ofTag: tag).flatMap(Value.HashableIdentifier.init(rawValue:))
        }
    }

    /// The table for `Value`, made on first use.
    static var shared: CaseNameIdentifiers<Value> {
        caseNameTables.withLock { tables in
            let key = ObjectIdentifier(Value.self)
            if let table = tables[key] as? CaseNameIdentifiers<Value> { return table }
            let table = CaseNameIdentifiers<Value>()
            tables[key] = table
            return table
        }
    }

    /// The case names of `Value` that have no identifier.
    var missingCaseNames: [String] {
        guard let cases else { return [] }
        return (0..<cases.count).compactMap { tag in
            identifiers[tag] == nil ? cases.name(ofTag: tag) : nil
        }
    }

    func identifier(of value: Value) -> Value.HashableIdentifier {
        if let cases {
            let tag = cases.tag(of: value)
            if tag < identifiers.count, let identifier = identifiers[tag] { return identifier }
        }
        // Slow path: no reflection metadata, or a case missing from the identifier enum.
        let name = enumCaseName(of: value) ?? String(describing: value)
        if let identifier = Value.HashableIdentifier(rawValue: name) { return identifier }
        fatalError(missingIdentifierMessage(Value.self, caseNames: [name]))
    }
}

private let caseNameTables = GlobalTables()

/// A process-wide table of per-type caches, guarded by a lock.
final class GlobalTables: @unchecked Sendable {
    private let lock = Lock()
    private var tables: [ObjectIdentifier: AnyObject] = [:]

    func withLock<R>(_ body: (inout [ObjectIdentifier: AnyObject]) -> R) -> R {
        lock.withLock { body(&tables) }
    }
}

/// What to add when the identifier enum of a macro-free conformance lacks some cases.
func missingIdentifierMessage(_ type: Any.Type, caseNames names: [String]) -> String {
    let typeName = String(reflecting: type)
    let list = names.map { "`\($0)`" }.joined(separator: ", ")
    let lines = names.map { "case \($0)" }.joined(separator: "; ")
    return "\(typeName).HashableIdentifier has no identifier for case \(list): add `\(lines)` to `enum HashableIdentifier: String { … }` inside \(typeName)."
}
