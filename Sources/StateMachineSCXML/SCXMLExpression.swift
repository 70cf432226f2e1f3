/// An expression of the subset of SCXML's data models that the converter reads: integers and
/// booleans (`true`, `True`), variables of the `<datamodel>`, `+`, `-`, `*`, comparisons (`==`,
/// `!=`, `<`, `<=`, `>`, `>=`; `===` and `!==` as ECMAScript writes them), `and` / `&&`, `or` /
/// `||`, `not` / `!`, parentheses and `In('id')`: what ECMAScript and Python conditions share
/// for integer counters. Division is not in it (the two languages divide differently).
///
/// An expression is made concrete where it runs: `In()` by the configuration, each variable by
/// its value at that point (a literal, or a field of the converted machine's state), and the
/// operations on literals folded; what is left is a fixture expression (SPEC.md, Expressions).
indirect enum SCXMLExpression: Equatable, Sendable {
    case int(Int)
    case bool(Bool)
    /// A variable of the document's data model, as written.
    case variable(String)
    /// A field of the converted machine's current state (`{"ref": "state.<name>"}`).
    case field(String)
    case inState(String)
    case negate(SCXMLExpression)
    case not(SCXMLExpression)
    /// `+`, `-`, `*`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `and`, `or`.
    case binary(String, SCXMLExpression, SCXMLExpression)

    enum Kind: Equatable { case int, bool }

    // MARK: Parsing

    /// The expression `text` is, or nil when it is not in the subset.
    static func parse(_ text: String) -> SCXMLExpression? {
        guard let tokens = tokenize(text) else { return nil }
        var parser = Parser(tokens: tokens)
        guard let expression = parser.disjunction(), parser.position == tokens.count else { return nil }
        return expression
    }

    private static func tokenize(_ text: String) -> [String]? {
        var tokens: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if character == "'" || character == "\"" {
                guard let end = characters[(index + 1)...].firstIndex(of: character) else { return nil }
                tokens.append(String(characters[index...end]))
                index = end + 1
            } else if character.isLetter || character == "_" {
                var end = index
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
                tokens.append(String(characters[index..<end]))
                index = end
            } else if character.isNumber {
                var end = index
                while end < characters.count, characters[end].isNumber { end += 1 }
                if end < characters.count, characters[end].isLetter || characters[end] == "." { return nil }
                tokens.append(String(characters[index..<end]))
                index = end
            } else {
                let rest = String(characters[index..<min(index + 3, characters.count)])
                guard let symbol = ["===", "!==", "==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "+", "-", "*", "(", ")"]
                    .first(where: { rest.hasPrefix($0) }) else { return nil }
                tokens.append(symbol)
                index += symbol.count
            }
        }
        return tokens
    }

    private struct Parser {
        let tokens: [String]
        var position = 0

        var next: String? { position < tokens.count ? tokens[position] : nil }

        mutating func take(_ options: String...) -> String? {
            guard let next, options.contains(next) else { return nil }
            position += 1
            return next
        }

        mutating func disjunction() -> SCXMLExpression? {
            guard var value = conjunction() else { return nil }
            while take("or", "||") != nil {
                guard let right = conjunction() else { return nil }
                value = .binary("or", value, right)
            }
            return value
        }

        mutating func conjunction() -> SCXMLExpression? {
            guard var value = negation() else { return nil }
            while take("and", "&&") != nil {
                guard let right = negation() else { return nil }
                value = .binary("and", value, right)
            }
            return value
        }

        mutating func negation() -> SCXMLExpression? {
            if take("not", "!") != nil { return negation().map { .not($0) } }
            return comparison()
        }

        mutating func comparison() -> SCXMLExpression? {
            guard let left = sum() else { return nil }
            guard let symbol = take("==", "!=", "===", "!==", "<", "<=", ">", ">=") else { return left }
            guard let right = sum() else { return nil }
            return .binary(symbol == "===" ? "==" : symbol == "!==" ? "!=" : symbol, left, right)
        }

        mutating func sum() -> SCXMLExpression? {
            guard var value = product() else { return nil }
            while let symbol = take("+", "-") {
                guard let right = product() else { return nil }
                value = .binary(symbol, value, right)
            }
            return value
        }

        mutating func product() -> SCXMLExpression? {
            guard var value = unary() else { return nil }
            while take("*") != nil {
                guard let right = unary() else { return nil }
                value = .binary("*", value, right)
            }
            return value
        }

        mutating func unary() -> SCXMLExpression? {
            if take("-") != nil { return unary().map { .negate($0) } }
            return atom()
        }

        mutating func atom() -> SCXMLExpression? {
            guard let token = next else { return nil }
            position += 1
            if token == "(" {
                guard let value = disjunction(), take(")") != nil else { return nil }
                return value
            }
            if token == "true" || token == "True" { return .bool(true) }
            if token == "false" || token == "False" { return .bool(false) }
            if let value = Int(token) { return .int(value) }
            if token == "In" {
                guard take("(") != nil, let literal = next, literal.count >= 2, literal.first == "'" || literal.first == "\"" else { return nil }
                position += 1
                guard take(")") != nil else { return nil }
                return .inState(String(literal.dropFirst().dropLast()))
            }
            guard let first = token.first, first.isLetter || first == "_",
                  !["and", "or", "not", "In"].contains(token) else { return nil }
            return .variable(token)
        }
    }

    // MARK: Where it runs

    /// A problem of an expression, said by the caller where the expression is.
    struct Problem: Error {
        let message: String
    }

    /// The expression where the states `active` are the configuration and each variable has
    /// the value `values` gives, folded: literals where it depends on neither the machine's state
    /// nor overflows; checked to be well typed (`kinds` gives each variable's type).
    func resolved(active: Set<String>, values: [String: SCXMLExpression], kinds: [String: Kind]) throws(Problem) -> SCXMLExpression {
        _ = try kind(kinds)
        return try substituted(active: active, values: values)
    }

    private func substituted(active: Set<String>, values: [String: SCXMLExpression]) throws(Problem) -> SCXMLExpression {
        switch self {
        case .int, .bool, .field: return self
        case .inState(let id): return .bool(active.contains(id))
        case .variable(let name):
            guard let value = values[name] else { throw Problem(message: Self.undeclared(name)) }
            return value
        case .negate(let operand):
            let value = try operand.substituted(active: active, values: values)
            if case .int(let number) = value, number != Int.min { return .int(-number) }
            return .negate(value)
        case .not(let operand):
            let value = try operand.substituted(active: active, values: values)
            if case .bool(let truth) = value { return .bool(!truth) }
            return .not(value)
        case .binary(let symbol, let left, let right):
            return Self.folded(symbol, try left.substituted(active: active, values: values), try right.substituted(active: active, values: values))
        }
    }

    private static func folded(_ symbol: String, _ left: SCXMLExpression, _ right: SCXMLExpression) -> SCXMLExpression {
        switch (symbol, left, right) {
        case ("and", .bool(false), _), ("and", _, .bool(false)): return .bool(false)
        case ("and", .bool(true), let other), ("and", let other, .bool(true)): return other
        case ("or", .bool(true), _), ("or", _, .bool(true)): return .bool(true)
        case ("or", .bool(false), let other), ("or", let other, .bool(false)): return other
        case (_, .int(let a), .int(let b)):
            switch symbol {
            case "+": let (sum, overflow) = a.addingReportingOverflow(b); if !overflow { return .int(sum) }
            case "-": let (difference, overflow) = a.subtractingReportingOverflow(b); if !overflow { return .int(difference) }
            case "*": let (product, overflow) = a.multipliedReportingOverflow(by: b); if !overflow { return .int(product) }
            case "==": return .bool(a == b)
            case "!=": return .bool(a != b)
            case "<": return .bool(a < b)
            case "<=": return .bool(a <= b)
            case ">": return .bool(a > b)
            case ">=": return .bool(a >= b)
            default: break
            }
        case ("==", .bool(let a), .bool(let b)): return .bool(a == b)
        case ("!=", .bool(let a), .bool(let b)): return .bool(a != b)
        default: break
        }
        return .binary(symbol, left, right)
    }

    static func undeclared(_ name: String) -> String {
        "\(name) is not a variable of the <datamodel>: declare it with <data id=\"\(name)\" expr=\"…\"/>, an integer or a boolean"
    }

    /// The expression's type, or the problem that makes it ill typed.
    func kind(_ kinds: [String: Kind]) throws(Problem) -> Kind {
        func expect(_ operand: SCXMLExpression, _ kind: Kind, _ what: String) throws(Problem) {
            let actual = try operand.kind(kinds)
            guard actual == kind else { throw Problem(message: "\(what) expects \(kind == .int ? "integer" : "boolean") operands, got a\(actual == .int ? "n integer" : " boolean")") }
        }
        switch self {
        case .int: return .int
        case .bool, .inState: return .bool
        case .variable(let name), .field(let name):
            guard let kind = kinds[name] else { throw Problem(message: Self.undeclared(name)) }
            return kind
        case .negate(let operand):
            try expect(operand, .int, "-")
            return .int
        case .not(let operand):
            try expect(operand, .bool, "not")
            return .bool
        case .binary(let symbol, let left, let right):
            switch symbol {
            case "and", "or":
                try expect(left, .bool, symbol)
                try expect(right, .bool, symbol)
                return .bool
            case "==", "!=":
                let kind = try left.kind(kinds)
                try expect(right, kind, symbol)
                return .bool
            case "<", "<=", ">", ">=":
                try expect(left, .int, symbol)
                try expect(right, .int, symbol)
                return .bool
            default:
                try expect(left, .int, symbol)
                try expect(right, .int, symbol)
                return .int
            }
        }
    }

    /// The fixture expression (SPEC.md, Expressions), with each field named by `fieldName`.
    func fixtureJSON(fieldName: (String) -> String) -> String {
        switch self {
        case .int(let value): return "\(value)"
        case .bool(let value): return value ? "true" : "false"
        case .variable(let name), .field(let name): return JSONText.object([("ref", JSONText.string("state." + fieldName(name)))])
        case .inState: return "false"  // resolved before it is written
        case .negate(let operand): return JSONText.object([("-", JSONText.array(["0", operand.fixtureJSON(fieldName: fieldName)]))])
        case .not(let operand): return JSONText.object([("not", operand.fixtureJSON(fieldName: fieldName))])
        case .binary(let symbol, let left, let right):
            return JSONText.object([(symbol, JSONText.array([left.fixtureJSON(fieldName: fieldName), right.fixtureJSON(fieldName: fieldName)]))])
        }
    }
}
