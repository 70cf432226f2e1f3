/// The cases of an enum as `HashableIdentifier` lists them: one entry per `case` declaration, and
/// the `#if` blocks around them.
indirect enum CaseItem {
    case cases([String], hasPayload: Bool)
    case conditional([(directive: String, items: [CaseItem])])

    var hasPayload: Bool {
        switch self {
        case .cases(_, let hasPayload): hasPayload
        case .conditional(let clauses): clauses.contains { $0.items.contains(where: \.hasPayload) }
        }
    }

    var isConditional: Bool {
        if case .conditional = self { return true }
        return false
    }

    /// Every case name, in declaration order, whatever the condition.
    var allNames: [String] {
        switch self {
        case .cases(let names, _): names
        case .conditional(let clauses): clauses.flatMap { $0.items.flatMap(\.allNames) }
        }
    }

    /// The lines of the multi-line `HashableIdentifier` body; `#if` directives at the level of the
    /// cases, as Swift code usually writes them.
    func lines(indent: String) -> [String] {
        switch self {
        case .cases(let names, _):
            return ["case \(names.joined(separator: ", "))"]
        case .conditional(let clauses):
            return clauses.flatMap { clause in [clause.directive] + clause.items.flatMap { $0.lines(indent: indent) } }
                + ["#endif"]
        }
    }
}
