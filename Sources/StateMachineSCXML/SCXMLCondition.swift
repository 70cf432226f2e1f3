/// A condition made of `In('id')` tests only, joined with `and` / `&&`, `or` / `||`, negated
/// with `not` / `!`, in parentheses, with `true` and `false`: the subset of ECMAScript and
/// Python conditions that needs no data model. Outside a parallel state the configuration
/// while a state's `<onentry>` or `<onexit>` runs is that state and the states around it (SCXML
/// adds a state before its entry content, and removes the states inside it before its exit
/// content), so such a condition there has one answer, which the converter takes.
struct SCXMLCondition {
    private var tokens: [String]
    private var position = 0

    /// The value of `text` when the states `active` are the configuration; nil when it is not
    /// in the subset.
    static func evaluate(_ text: String, active: Set<String>) -> Bool? {
        guard let tokens = tokenize(text) else { return nil }
        var parser = SCXMLCondition(tokens: tokens)
        guard let value = parser.disjunction(active), parser.position == tokens.count else { return nil }
        return value
    }

    private static func tokenize(_ text: String) -> [String]? {
        var tokens: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
            } else if character == "'" || character == "\"" {
                guard let end = text[text.index(after: index)...].firstIndex(of: character) else { return nil }
                tokens.append(String(text[index...end]))
                index = text.index(after: end)
            } else if "()!".contains(character) {
                tokens.append(String(character))
                index = text.index(after: index)
            } else if character == "&" || character == "|" {
                let next = text.index(after: index)
                guard next < text.endIndex, text[next] == character else { return nil }
                tokens.append(String([character, character]))
                index = text.index(after: next)
            } else if character.isLetter {
                let end = text[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? text.endIndex
                tokens.append(String(text[index..<end]))
                index = end
            } else {
                return nil
            }
        }
        return tokens
    }

    private var next: String? { position < tokens.count ? tokens[position] : nil }

    private mutating func take(_ token: String) -> Bool {
        guard next == token else { return false }
        position += 1
        return true
    }

    private mutating func disjunction(_ active: Set<String>) -> Bool? {
        guard var value = conjunction(active) else { return nil }
        while take("or") || take("||") {
            guard let right = conjunction(active) else { return nil }
            value = value || right
        }
        return value
    }

    private mutating func conjunction(_ active: Set<String>) -> Bool? {
        guard var value = negation(active) else { return nil }
        while take("and") || take("&&") {
            guard let right = negation(active) else { return nil }
            value = value && right
        }
        return value
    }

    private mutating func negation(_ active: Set<String>) -> Bool? {
        if take("not") || take("!") { return negation(active).map(!) }
        if take("(") {
            guard let value = disjunction(active), take(")") else { return nil }
            return value
        }
        if take("true") || take("True") { return true }
        if take("false") || take("False") { return false }
        guard take("In"), take("("), let literal = next, literal.count >= 2, literal.first == "'" || literal.first == "\"" else { return nil }
        position += 1
        guard take(")") else { return nil }
        return active.contains(String(literal.dropFirst().dropLast()))
    }
}
