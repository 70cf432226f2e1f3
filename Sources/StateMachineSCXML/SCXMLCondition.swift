/// A condition without data: `In('id')` tests and literals, joined with `and` / `&&`, `or` /
/// `||`, negated with `not` / `!`, compared, in parentheses (SCXMLExpression). Outside a parallel
/// state the configuration while a state's `<onentry>` or `<onexit>` runs is that state and the
/// states around it (SCXML adds a state before its entry content, and removes the states inside
/// it before its exit content), so such a condition there has one answer, which the converter
/// takes.
enum SCXMLCondition {
    /// The value of `text` when the states `active` are the configuration; nil when it is not
    /// in the subset or reads a variable.
    static func evaluate(_ text: String, active: Set<String>) -> Bool? {
        guard let expression = SCXMLExpression.parse(text),
              case .bool(let value)? = try? expression.resolved(active: active, values: [:], kinds: [:]) else { return nil }
        return value
    }
}
