@_spi(Tooling) import StateMachine

/// The branches of a fixture's handler as diagrams draw them: one per branch of its `if`s, with
/// the conditions that lead there, and with what the guards say known: under
/// `[event.target == locationAsk]`, a `transition` to `{"ref": "event.target"}` leads to
/// `locationAsk`, an `emit` of `{"if": {"==": [{"ref": "event.target"}, …]}, …}` is the branch
/// it takes, and a branch whose `if` cannot hold there is not drawn.
extension FixtureDiagram {

    /// A condition an `if` puts on a branch: its `then` (`holds`) or its `else`.
    struct Condition {
        let expression: Expression
        let holds: Bool

        var text: String { holds ? expression.diagramConjunct : expression.diagramNegation }
    }

    /// One branch of an action: an action that is not an `if`, and the conditions of the `if`s
    /// around it, outermost first.
    struct Leaf {
        let conditions: [Condition]
        let action: ActionTable
    }

    /// A branch as drawn: the conditions not already known to hold, joined by `and`, and the
    /// values of the fields the guards fix (`event.target`).
    struct DrawnLeaf {
        let condition: String?
        let action: ActionTable
        let facts: Facts
    }

    /// One way a handler is drawn: its event matcher's guard and its branches. A handler whose
    /// `where` is an `or` of equalities of the field its transition goes to is drawn once per
    /// equality, each with its own target.
    struct Variant {
        let matcher: EventMatcher
        let leaves: [DrawnLeaf]
    }

    /// What the guards of a branch fix: the values of `state`, `event` and their fields, by path
    /// (`event.target`).
    typealias Facts = [String: FixtureValue.Field]

    /// The ways `handler`, in a state block whose matcher is `state` (nil for a superstate),
    /// is drawn.
    static func variants(_ handler: HandlerTable, state: MatcherTable?) -> [Variant] {
        let leaves = leaves(handler.action, conditions: [])
        var known = Facts()
        if let state { known.merge(facts(of: state, root: "state")) { first, _ in first } }
        let guards: [(matcher: EventMatcher, facts: Facts)]
        switch handler.event {
        case .eq(let value):
            let matcher = EventMatcher.any(value.caseName).where("event == " + Expression.text(of: value)) { _ in true }
            guards = [(matcher, facts(of: handler.event, root: "event"))]
        case .caseName(let name, nil):
            guards = [(.any(name), [:])]
        case .caseName(let name, let predicate?):
            let alternatives = alternatives(predicate, leaves: leaves) ?? [predicate]
            guards = alternatives.map { guardExpression in
                (EventMatcher.any(name).where(guardExpression.diagramConjunct) { _ in true }, facts(of: guardExpression))
            }
        }
        return guards.map { matcher, guardFacts in
            let start = known.merging(guardFacts) { first, _ in first }
            return Variant(matcher: matcher, leaves: leaves.compactMap { drawn($0, start) })
        }
    }

    /// The branches of `action` in the order written, `then` before `else`.
    static func leaves(_ action: ActionTable, conditions: [Condition]) -> [Leaf] {
        switch action {
        case let .choice(condition, then, otherwise):
            return leaves(then, conditions: conditions + [Condition(expression: condition, holds: true)])
                + leaves(otherwise, conditions: conditions + [Condition(expression: condition, holds: false)])
        default:
            return [Leaf(conditions: conditions, action: action)]
        }
    }

    /// `leaf` with what `known` fixes: its conditions that hold anyway left out, its facts
    /// added; nil when one of its conditions cannot hold.
    private static func drawn(_ leaf: Leaf, _ known: Facts) -> DrawnLeaf? {
        var facts = known
        var texts: [String] = []
        for condition in leaf.conditions {
            if case .literal(.bool(let value)) = condition.expression.folded(facts) {
                if value != condition.holds { return nil }
                continue
            }
            texts.append(condition.text)
            if condition.holds {
                facts.merge(self.facts(of: condition.expression)) { first, _ in first }
            } else if case let .comparison("!=", left, right) = condition.expression {
                facts.merge(self.facts(of: .comparison("==", left, right))) { first, _ in first }
            }
        }
        return DrawnLeaf(condition: texts.isEmpty ? nil : texts.joined(separator: " and "), action: leaf.action, facts: facts)
    }

    /// The operands of `predicate` when it is an `or` of equalities of one field with values
    /// (`event.target == a or event.target == b`) and some branch transitions to that field:
    /// each is drawn as a guard of its own, which says where that transition leads.
    private static func alternatives(_ predicate: Expression, leaves: [Leaf]) -> [Expression]? {
        guard case let .logic("or", operands) = predicate else { return nil }
        let paths = operands.map(equalityPath)
        guard let first = paths.first, let path = first, paths.allSatisfy({ $0 == path }) else { return nil }
        let goesThere = leaves.contains { leaf in
            if case .transition(.ref(let root, let fields), _) = leaf.action { return ([root] + fields).joined(separator: ".") == path }
            return false
        }
        return goesThere ? operands : nil
    }

    /// The path of `ref == value` (either way round), nil for another expression.
    private static func equalityPath(_ expression: Expression) -> String? {
        guard case let .comparison("==", left, right) = expression else { return nil }
        switch (left, right) {
        case let (.ref(root, fields), .literal), let (.literal, .ref(root, fields)): return ([root] + fields).joined(separator: ".")
        default: return nil
        }
    }

    /// What `expression` fixes when it holds: `ref == value` (either way round), and each
    /// operand of an `and`.
    static func facts(of expression: Expression) -> Facts {
        switch expression {
        case let .comparison("==", .ref(root, fields), .literal(value)), let .comparison("==", .literal(value), .ref(root, fields)):
            return [([root] + fields).joined(separator: "."): value]
        case let .logic("and", operands):
            return operands.reduce(into: Facts()) { facts, operand in facts.merge(self.facts(of: operand)) { first, _ in first } }
        default:
            return [:]
        }
    }

    /// What a matcher fixes: an `eq` matcher the whole value (`event`) and its fields
    /// (`event.value`); a `where` what its expression fixes.
    static func facts(of matcher: MatcherTable, root: String) -> Facts {
        switch matcher {
        case .eq(let value):
            var facts: Facts = [root: .value(value)]
            for (name, field) in value.fields { facts[root + "." + name] = field }
            return facts
        case .caseName(_, let predicate):
            return predicate.map { facts(of: $0) } ?? [:]
        }
    }
}

extension Expression {

    /// The expression with the fields `facts` fixes replaced by their values, and what is then
    /// known worked out: equality and order of two literals, `not`, `and` and `or` of literal
    /// bools (left to right, as they are evaluated), the branch an `if` with a literal condition
    /// takes. Whatever could fail is kept as it is.
    func folded(_ facts: FixtureDiagram.Facts) -> Expression {
        switch self {
        case let .ref(root, fields):
            return facts[([root] + fields).joined(separator: ".")].map(Expression.literal) ?? self
        case let .make(name, fields):
            return .make(name, fields.map { ($0.0, $0.1.folded(facts)) })
        case let .comparison(op, left, right):
            let (a, b) = (left.folded(facts), right.folded(facts))
            guard case .literal(let x) = a, case .literal(let y) = b else { return .comparison(op, a, b) }
            switch (op, x, y) {
            case ("==", _, _) where x.typeName == y.typeName: return .literal(.bool(x == y))
            case ("!=", _, _) where x.typeName == y.typeName: return .literal(.bool(x != y))
            case ("<", .int(let m), .int(let n)): return .literal(.bool(m < n))
            case ("<=", .int(let m), .int(let n)): return .literal(.bool(m <= n))
            case (">", .int(let m), .int(let n)): return .literal(.bool(m > n))
            case (">=", .int(let m), .int(let n)): return .literal(.bool(m >= n))
            default: return .comparison(op, a, b)
            }
        case .not(let operand):
            let inner = operand.folded(facts)
            if case .literal(.bool(let value)) = inner { return .literal(.bool(!value)) }
            return .not(inner)
        case let .logic(op, operands):
            // `or` stops at the first true, `and` at the first false: only literals before it
            // are known not to fail.
            let stopAt = op == "or"
            var kept: [Expression] = []
            for operand in operands.map({ $0.folded(facts) }) {
                if case .literal(.bool(let value)) = operand, kept.isEmpty {
                    if value == stopAt { return .literal(.bool(stopAt)) }
                    continue
                }
                kept.append(operand)
            }
            if kept.isEmpty { return .literal(.bool(!stopAt)) }
            return kept.count == 1 ? kept[0] : .logic(op, kept)
        case let .choice(condition, then, otherwise):
            let test = condition.folded(facts)
            if case .literal(.bool(let value)) = test { return (value ? then : otherwise).folded(facts) }
            return .choice(test, then: then.folded(facts), else: otherwise.folded(facts))
        case .literal, .arithmetic, .throwing:
            return self
        }
    }
}
