/// An error raised by a table machine's handler or predicate: a `throw`, or an evaluation error
/// such as `"+" expects int operands, got string`. It reaches the caller of the transition like
/// any error a handler throws, and a fixture expects it as `{"result": "error", "error": "thrown"}`.
public struct FixtureThrownError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}

/// The roots a `ref` may use: a state predicate binds `state`, an event predicate `event`, a
/// handler both.
struct Bindings {
    var state: FixtureValue?
    var event: FixtureValue?
}

/// An expression of the fixture language (FORMAT-CONTRACT.md, "Expressions").
indirect enum Expression: Sendable {
    case literal(FixtureValue.Field)
    case ref(root: String, fields: [String])
    case make(String, [(String, Expression)])
    case arithmetic(String, Expression, Expression)
    case comparison(String, Expression, Expression)
    case logic(String, [Expression])
    case not(Expression)
    case choice(Expression, then: Expression, else: Expression)
    case throwing(String)
}

extension FixtureValue.Field {
    /// `int`, `string`, `bool`, `value`, `double`, `null`, `list`, `set` or `map`: the type names
    /// of evaluation errors.
    var typeName: String {
        switch self {
        case .int: "int"
        case .string: "string"
        case .bool: "bool"
        case .value: "value"
        case .double: "double"
        case .null: "null"
        case .list: "list"
        case .set: "set"
        case .map: "map"
        }
    }
}

// MARK: - Evaluation

extension Expression {

    /// Evaluates the expression; a `throw` and every evaluation error throw ``FixtureThrownError``.
    func evaluate(_ bindings: Bindings) throws(FixtureThrownError) -> FixtureValue.Field {
        switch self {
        case .literal(let field):
            return field
        case let .ref(root, fields):
            guard let value = root == "state" ? bindings.state : bindings.event else {
                throw FixtureThrownError(message: "\"\(root)\" is not bound here")
            }
            var current = FixtureValue.Field.value(value)
            var reached = root
            for field in fields {
                guard case .value(let nested) = current else {
                    throw FixtureThrownError(message: "\(reached) is \(current.typeName == "int" ? "an" : "a") \(current.typeName), not a value with fields")
                }
                guard let next = nested.fields[field] else {
                    throw FixtureThrownError(message: "\(reached) has no field \"\(field)\"")
                }
                current = next
                reached += ".\(field)"
            }
            return current
        case let .make(caseName, fields):
            var values: [String: FixtureValue.Field] = [:]
            for (name, expression) in fields { values[name] = try expression.evaluate(bindings) }
            return .value(FixtureValue(caseName, fields: values))
        case let .arithmetic(op, left, right):
            let a = try left.evaluate(bindings)
            let b = try right.evaluate(bindings)
            guard case .int(let x) = a else { throw FixtureThrownError(message: "\"\(op)\" expects int operands, got \(a.typeName)") }
            guard case .int(let y) = b else { throw FixtureThrownError(message: "\"\(op)\" expects int operands, got \(b.typeName)") }
            return .int(try Self.arithmetic(op, x, y))
        case let .comparison(op, left, right):
            let a = try left.evaluate(bindings)
            let b = try right.evaluate(bindings)
            if op == "==" || op == "!=" {
                // null compares with every type: `x == null` is true exactly when x is null.
                guard a.typeName == b.typeName || a == .null || b == .null else {
                    throw FixtureThrownError(message: "\"\(op)\" expects operands of the same type, got \(a.typeName) and \(b.typeName)")
                }
                return .bool((a == b) == (op == "=="))
            }
            guard case .int(let x) = a else { throw FixtureThrownError(message: "\"\(op)\" expects int operands, got \(a.typeName)") }
            guard case .int(let y) = b else { throw FixtureThrownError(message: "\"\(op)\" expects int operands, got \(b.typeName)") }
            switch op {
            case "<": return .bool(x < y)
            case "<=": return .bool(x <= y)
            case ">": return .bool(x > y)
            default: return .bool(x >= y)
            }
        case let .logic(op, operands):
            let stopAt = op == "or"   // "or" stops at the first true, "and" at the first false
            for operand in operands {
                let value = try operand.evaluate(bindings)
                guard case .bool(let flag) = value else {
                    throw FixtureThrownError(message: "\"\(op)\" expects bool operands, got \(value.typeName)")
                }
                if flag == stopAt { return .bool(stopAt) }
            }
            return .bool(!stopAt)
        case .not(let operand):
            let value = try operand.evaluate(bindings)
            guard case .bool(let flag) = value else {
                throw FixtureThrownError(message: "\"not\" expects a bool operand, got \(value.typeName)")
            }
            return .bool(!flag)
        case let .choice(condition, then, otherwise):
            return try (condition.evaluateCondition(bindings) ? then : otherwise).evaluate(bindings)
        case .throwing(let message):
            throw FixtureThrownError(message: message)
        }
    }

    private static func arithmetic(_ op: String, _ a: Int64, _ b: Int64) throws(FixtureThrownError) -> Int64 {
        let result: (partialValue: Int64, overflow: Bool)
        switch op {
        case "+": result = a.addingReportingOverflow(b)
        case "-": result = a.subtractingReportingOverflow(b)
        case "*": result = a.multipliedReportingOverflow(by: b)
        default:
            if b == 0 { throw FixtureThrownError(message: op == "/" ? "division by zero" : "remainder by zero") }
            result = op == "/" ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
        }
        if result.overflow { throw FixtureThrownError(message: "\"\(op)\" overflows 64-bit integers") }
        return result.partialValue
    }

    /// The condition of an `if`, in an expression or an action.
    func evaluateCondition(_ bindings: Bindings) throws(FixtureThrownError) -> Bool {
        let value = try evaluate(bindings)
        guard case .bool(let flag) = value else {
            throw FixtureThrownError(message: "\"if\" expects a bool condition, got \(value.typeName)")
        }
        return flag
    }

    func evaluateBool(_ bindings: Bindings, _ what: String) throws(FixtureThrownError) -> Bool {
        let value = try evaluate(bindings)
        guard case .bool(let flag) = value else {
            throw FixtureThrownError(message: "\"\(what)\" expects bool, got \(value.typeName)")
        }
        return flag
    }

    func evaluateValue(_ bindings: Bindings, _ what: String) throws(FixtureThrownError) -> FixtureValue {
        let value = try evaluate(bindings)
        guard case .value(let result) = value else {
            throw FixtureThrownError(message: "\"\(what)\" expects a value, got \(value.typeName)")
        }
        return result
    }
}
