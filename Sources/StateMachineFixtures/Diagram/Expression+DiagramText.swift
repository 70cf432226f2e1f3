/// Expressions as diagrams write them in guards and side effects: infix, with the operators of
/// the fixture language (`state.credit + event.value >= 50`, `not`, `and`, `or`), values as
/// `locked(credit: 0)`, parentheses only where the order of operations needs them.
extension Expression {

    /// How tightly an operator binds: a lower one around a higher one needs no parentheses.
    private enum Precedence: Int, Comparable {
        case choice, or, and, not, comparison, sum, product, atom

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The expression as a diagram writes it, e.g. `state.credit + event.value >= 50`.
    var diagramText: String { text(in: .choice) }

    /// The expression as one operand of `and`, with parentheses around an `or`: the parts of a
    /// guard are joined by `and`.
    var diagramConjunct: String { text(in: .and) }

    /// The negation of the condition, as one operand of `and`: comparisons turned around
    /// (`a >= b` becomes `a < b`: order compares ints only, so one of the two holds), `not`
    /// removed, `not (…)` around anything else. It is the condition of an `else` branch.
    var diagramNegation: String {
        switch self {
        case let .comparison(op, left, right):
            let opposite = ["==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"][op] ?? op
            return Expression.comparison(opposite, left, right).text(in: .and)
        case .not(let operand):
            return operand.text(in: .and)
        case .literal(.bool(let flag)):
            return "\(!flag)"
        default:
            return "not " + text(in: .atom)
        }
    }

    private var precedence: Precedence {
        switch self {
        case .logic("and", _): .and
        case .logic: .or
        case .not: .not
        case .comparison: .comparison
        case .arithmetic(let op, _, _): op == "+" || op == "-" ? .sum : .product
        case .choice: .choice
        case .literal, .ref, .make, .throwing: .atom
        }
    }

    /// The text, in parentheses when written where `context` binds tighter.
    private func text(in context: Precedence) -> String {
        let text = bare
        return precedence < context ? "(" + text + ")" : text
    }

    /// The text without parentheses around it.
    private var bare: String {
        switch self {
        case .literal(let field):
            return Self.text(of: field)
        case let .ref(root, fields):
            return ([root] + fields).joined(separator: ".")
        case let .make(name, fields):
            return Self.text(case: name, fields: fields.map { ($0.0, $0.1.diagramText) })
        case let .arithmetic(op, left, right), let .comparison(op, left, right):
            // Left-associative arithmetic; a comparison's operands are never comparisons.
            let own = precedence
            let rightContext = own == .comparison ? own : Precedence(rawValue: own.rawValue + 1) ?? .atom
            let leftContext = own == .comparison ? Precedence.sum : own
            return left.text(in: leftContext) + " \(op) " + right.text(in: rightContext)
        case let .logic(op, operands):
            return operands.map { $0.text(in: Precedence(rawValue: precedence.rawValue + 1) ?? .atom) }.joined(separator: " \(op) ")
        case .not(let operand):
            return "not " + operand.text(in: .not)
        case let .choice(condition, then, otherwise):
            return "if \(condition.diagramText) then \(then.diagramText) else \(otherwise.diagramText)"
        case .throwing(let message):
            return "throw " + Canonical.string(message)
        }
    }

    /// A literal: ints, bools, doubles and null as JSON writes them, strings quoted, values as
    /// `locked(credit: 0)`, lists, sets and maps in their canonical JSON.
    static func text(of field: FixtureValue.Field) -> String {
        switch field {
        case .value(let value): text(of: value)
        default: field.description
        }
    }

    /// A value as diagrams write it: `unlocked`, `locked(credit: 0)`, fields in name order.
    static func text(of value: FixtureValue) -> String {
        text(case: value.caseName, fields: value.fields.sorted { $0.key < $1.key }.map { ($0.key, text(of: $0.value)) })
    }

    /// `name(label: field, …)`, or `name` without fields; a positional field (`_0`, `_1`, as
    /// Swift names an unlabelled payload) is written without its label: `alpha("a")`.
    private static func text(case name: String, fields: [(String, String)]) -> String {
        guard !fields.isEmpty else { return name }
        let written = fields.map { label, field in Self.isPositional(label) ? field : "\(label): \(field)" }
        return name + "(" + written.joined(separator: ", ") + ")"
    }

    /// Whether a field's name is `_` followed by digits.
    private static func isPositional(_ label: String) -> Bool {
        label.count > 1 && label.hasPrefix("_") && label.dropFirst().allSatisfy(\.isNumber)
    }
}
