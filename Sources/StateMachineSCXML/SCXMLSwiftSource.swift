/// The machine of a converted document as Swift DSL code (`statemachine scxml --swift`): an enum
/// that is a `StateMachineBuilder`, with its `State` and `Event` types and its `definition`,
/// written from the fixture the converter writes, so that both say the same machine.
///
/// Names become Swift's (`s01p1_to_s02` is `s01p1ToS02`, `done_state_p` is `doneStateP`); the
/// variables of a data model are the labelled fields of every state but the top-level final
/// ones, read in a handler with `try state.count()`.
public enum SCXMLSwiftSource {

    /// The Swift source of the machine of `fixture` (the converter's output for `file`), as the
    /// enum `typeName`.
    public static func make(fixture: String, typeName: String, file: String) throws(SCXMLError) -> String {
        guard let json = SCXMLJSON.parse(fixture), let machine = json["machine"] else {
            throw SCXMLError(file: file, line: 1, column: 1, message: "the converter wrote a fixture that is not JSON; this is a bug of the converter")
        }
        var writer = Writer(machine: machine)
        return try writer.source(typeName: typeName, description: json["description"]?.string ?? "", file: file)
    }

    /// A Swift type name for `name`: `parallel-in-conditions` is `ParallelInConditions`.
    public static func typeName(_ name: String) -> String {
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return joined.first?.isLetter == true ? joined : "Machine" + joined
    }

    private struct Writer {
        let machine: SCXMLJSON
        /// Fixture case names to Swift names, for states, events and fields.
        var stateNames: [String: String] = [:]
        var eventNames: [String: String] = [:]
        var fieldNames: [String: String] = [:]
        var stateOrder: [String] = []
        var eventOrder: [String] = []
        /// The fields of the data model, in order, with their Swift types.
        var fields: [(name: String, type: String)] = []
        var finalStates: Set<String> = []

        init(machine: SCXMLJSON) {
            self.machine = machine
        }

        static let keywords: Set<String> = ["as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum", "extension",
                                            "fallthrough", "false", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is",
                                            "let", "nil", "operator", "private", "protocol", "public", "repeat", "return", "self", "Self", "static",
                                            "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while"]

        /// `s01p1_to_s02` as `s01p1ToS02`, unique among `taken`.
        static func swiftName(_ name: String, taken: Set<String>) -> String {
            let words = name.split(separator: "_")
            // A word that starts with a digit keeps its underscore: `s0_to_s1_2` is `s0ToS1_2`.
            var result = words.enumerated().map { index, word in
                index == 0 ? word.prefix(1).lowercased() + word.dropFirst()
                    : word.first?.isNumber == true ? "_" + word : word.prefix(1).uppercased() + word.dropFirst()
            }.joined()
            if result.isEmpty { result = "state" }
            if result.first?.isNumber == true { result = "n" + result }
            if keywords.contains(result) { result += "_" }
            var unique = result
            var number = 2
            while taken.contains(unique) {
                unique = "\(result)\(number)"
                number += 1
            }
            return unique
        }

        mutating func state(_ name: String) -> String {
            if let swift = stateNames[name] { return swift }
            let swift = Self.swiftName(name, taken: Set(stateNames.values))
            stateNames[name] = swift
            stateOrder.append(name)
            return swift
        }

        mutating func event(_ name: String) -> String {
            if let swift = eventNames[name] { return swift }
            let swift = Self.swiftName(name, taken: Set(eventNames.values))
            eventNames[name] = swift
            eventOrder.append(name)
            return swift
        }

        // MARK: Expressions

        /// How tightly each operator binds, as Swift's precedence groups do.
        static let operators: [String: (symbol: String, precedence: Int)] = [
            "*": ("*", 5), "+": ("+", 4), "-": ("-", 4),
            "==": ("==", 3), "!=": ("!=", 3), "<": ("<", 3), "<=": ("<=", 3), ">": (">", 3), ">=": (">=", 3),
            "and": ("&&", 2), "or": ("||", 1),
        ]

        /// The fixture expression as Swift, each field read as the local constant of its name,
        /// which `reads` collects; in parentheses where it binds less tightly than `context`.
        func expression(_ json: SCXMLJSON, reads: inout Set<String>, context: Int = 0) throws(SCXMLError) -> String {
            switch json {
            case .int(let value): return "\(value)"
            case .bool(let value): return value ? "true" : "false"
            case .object(let parts) where parts.count == 1:
                let (key, operand) = parts[0]
                if key == "ref", let path = operand.string, path.hasPrefix("state.") {
                    let field = String(path.dropFirst("state.".count))
                    reads.insert(field)
                    return fieldNames[field] ?? field
                }
                if key == "not" { return "!" + (try expression(operand, reads: &reads, context: 6)) }
                guard let (symbol, precedence) = Self.operators[key], case .array(let operands) = operand, operands.count >= 2 else { break }
                var rendered: [String] = []
                for (index, operand) in operands.enumerated() {
                    // Comparisons do not chain, and a right operand of - or of a comparison binds tighter.
                    let tighter = index > 0 && (key == "-" || precedence == 3) || (precedence == 3 && index == 0)
                    rendered.append(try expression(operand, reads: &reads, context: precedence + (tighter ? 1 : 0)))
                }
                let text = rendered.joined(separator: " \(symbol) ")
                return precedence < context ? "(\(text))" : text
            default: break
            }
            throw SCXMLError(file: "", line: 1, column: 1, message: "an expression the Swift source does not write: \(json)")
        }

        /// A state value (`{"value": name}`, `{"make": name, "fields": …}`, or a value literal).
        mutating func value(_ json: SCXMLJSON, reads: inout Set<String>) throws(SCXMLError) -> String {
            if let name = json["value"]?.string { return "." + state(name) }
            if let name = json["make"]?.string {
                let caseName = "." + state(name)
                let values = json["fields"]?.fields ?? []
                guard !values.isEmpty else { return caseName }
                var arguments: [String] = []
                for (field, value) in values { arguments.append("\(fieldNames[field] ?? field): \(try expression(value, reads: &reads))") }
                return caseName + "(" + arguments.joined(separator: ", ") + ")"
            }
            if let name = json.string { return "." + state(name) }
            if case .object(let parts) = json, parts.count == 1, case .object(let values) = parts[0].1 {
                let caseName = "." + state(parts[0].0)
                guard !values.isEmpty else { return caseName }
                var arguments: [String] = []
                for (field, value) in values { arguments.append("\(fieldNames[field] ?? field): \(try expression(value, reads: &reads))") }
                return caseName + "(" + arguments.joined(separator: ", ") + ")"
            }
            throw SCXMLError(file: "", line: 1, column: 1, message: "a state value the Swift source does not write: \(json)")
        }

        // MARK: Actions

        /// An action as Swift statements (`return …`, or `if … { … } else { … }`), each line
        /// indented by `indent`.
        mutating func statements(_ action: SCXMLJSON, indent: String, reads: inout Set<String>) throws(SCXMLError) -> [String] {
            if let condition = action["if"], let then = action["then"], var otherwise = action["else"] {
                var lines = ["\(indent)if \(try expression(condition, reads: &reads)) {"] + (try statements(then, indent: indent + "    ", reads: &reads))
                // A choice in the else branch is an `else if`.
                while let next = otherwise["if"], let nextThen = otherwise["then"], let nextElse = otherwise["else"] {
                    lines.append("\(indent)} else if \(try expression(next, reads: &reads)) {")
                    lines += try statements(nextThen, indent: indent + "    ", reads: &reads)
                    otherwise = nextElse
                }
                return lines + ["\(indent)} else {"] + (try statements(otherwise, indent: indent + "    ", reads: &reads)) + ["\(indent)}"]
            }
            return ["\(indent)return " + (try single(action, reads: &reads))]
        }

        /// An action without `if`, as one expression.
        mutating func single(_ action: SCXMLJSON, reads: inout Set<String>) throws(SCXMLError) -> String {
            if action["stay"] != nil { return "stay()" }
            if let target = action["transition"] { return "transition(to: \(try value(target, reads: &reads)))" }
            throw SCXMLError(file: "", line: 1, column: 1, message: "an action the Swift source does not write: \(action)")
        }

        /// `let count: Int = try state.count()` for each field read, in the fields' order.
        func bindings(_ reads: Set<String>, indent: String) -> [String] {
            fields.filter { reads.contains($0.name) }.map { "\(indent)let \(fieldNames[$0.name] ?? $0.name): \($0.type) = try state.\(fieldNames[$0.name] ?? $0.name)()" }
        }

        /// A closure body: one line when it is one expression that reads nothing, else statements.
        mutating func closure(_ action: SCXMLJSON, parameters: String, indent: String) throws(SCXMLError) -> String {
            var reads: Set<String> = []
            if action["if"] == nil {
                let text = try single(action, reads: &reads)
                if reads.isEmpty { return "{ \(text) }" }
            }
            reads = []
            let body = try statements(action, indent: indent + "    ", reads: &reads)
            var lines = bindings(reads, indent: indent + "    ") + body
            if lines.count == 1 { lines[0] = lines[0].replacingOccurrences(of: "return ", with: "") }
            return "{ \(reads.isEmpty ? (parameters == "state" ? "_" : "_, _") : parameters) in\n" + lines.joined(separator: "\n") + "\n\(indent)}"
        }

        // MARK: Definitions

        /// The lines of a state definition's or superstate's body.
        mutating func body(_ definition: SCXMLJSON, indent: String) throws(SCXMLError) -> [String] {
            var lines: [String] = []
            for (key, keyword, kind) in [("onEnterRaise", "onEnter", "raise"), ("onExitRaise", "onExit", "raise"), ("onEnterPost", "onEnter", "post"), ("onExitPost", "onExit", "post")] {
                guard let events = definition[key] else { continue }
                let names = (events.string.map { [$0] } ?? events.array.compactMap(\.string)).map { "." + event($0) }
                lines.append("\(indent)\(keyword)(\(kind): \(names.joined(separator: ", ")))")
            }
            for timer in definition["after"]?.array ?? [] {
                guard case .int(let delay)? = timer["delay"], let send = timer["send"]?.string else { continue }
                lines.append("\(indent)after(.milliseconds(\(delay)), send: .\(event(send)))")
            }
            for handler in definition["on"]?.array ?? [] {
                guard let eventName = handler["event"]?["case"]?.string, let action = handler["do"] else { continue }
                let name = "." + event(eventName)
                let reenter = handler["reenter"] == .bool(true) ? ", reenter: true" : ""
                if let target = action["transition"], let history = target["historyOf"]?.string, let fallback = target["default"] {
                    var reads: Set<String> = []
                    let shallow = target["history"]?.string == "shallow" ? ", history: .shallow" : ""
                    lines.append("\(indent)on(\(name), toHistoryOf: \(SCXMLSwiftSource.literal(history))\(shallow), default: \(try value(fallback, reads: &reads)))")
                    continue
                }
                lines.append("\(indent)on(\(name)\(reenter)) \(try closure(action, parameters: "state", indent: indent))")
            }
            for eventless in definition["always"]?.array ?? [] {
                guard let action = eventless["do"] else { continue }
                var condition = ""
                if let test = eventless["where"] {
                    var reads: Set<String> = []
                    let text = try expression(test, reads: &reads)
                    let bound = bindings(reads, indent: "")
                    condition = bound.isEmpty ? "where: { _, _ in \(text) }" : "where: { state, _ in \(bound.joined(separator: "; ")); return \(text) }"
                }
                if let target = action["transition"], let history = target["historyOf"]?.string, let fallback = target["default"] {
                    var reads: Set<String> = []
                    let shallow = target["history"]?.string == "shallow" ? ", history: .shallow" : ""
                    let prefix = condition.isEmpty ? "" : condition + ", "
                    lines.append("\(indent)always(\(prefix)toHistoryOf: \(SCXMLSwiftSource.literal(history))\(shallow), default: \(try value(fallback, reads: &reads)))")
                    continue
                }
                let call = condition.isEmpty ? "always" : "always(\(condition))"
                lines.append("\(indent)\(call) \(try closure(action, parameters: "state, _", indent: indent))")
            }
            return lines
        }

        mutating func source(typeName: String, description: String, file: String) throws(SCXMLError) -> String {
            let initial = machine["initialState"] ?? .null
            // The data model: the fields of the initial state, with the types of their values.
            if case .object(let parts) = initial, parts.count == 1 {
                for (field, value) in parts[0].1.fields {
                    let name = Self.swiftName(field, taken: Set(fieldNames.values))
                    fieldNames[field] = name
                    fields.append((field, value == .bool(true) || value == .bool(false) ? "Bool" : "Int"))
                }
            }
            let definitions = machine["states"]?.array ?? []
            for definition in definitions {
                guard let name = definition["state"]?["case"]?.string else { continue }
                _ = state(name)
                if definition["final"] == .bool(true) { finalStates.insert(name) }
            }
            var lines: [String] = []
            var reads: Set<String> = []
            lines.append("        initialState(\(try value(initial, reads: &reads)))")
            if let start = machine["runToCompletion"]?["initialEvent"]?.string {
                lines.append("        runToCompletion(initialEvent: .\(event(start)))")
            }
            for superstate in machine["superstates"]?.array ?? [] {
                guard let name = superstate["name"]?.string else { continue }
                let members = superstate["states"]?.array.compactMap(\.string).map { "." + state($0) } ?? []
                var initialArgument = ""
                if let initial = superstate["initial"] { initialArgument = ", initial: \(try value(initial, reads: &reads))" }
                let body = try self.body(superstate, indent: "            ")
                lines.append("        superstate(\(SCXMLSwiftSource.literal(name)), containing: \(members.joined(separator: ", "))\(initialArgument)) {"
                    + (body.isEmpty ? "}" : "\n" + body.joined(separator: "\n") + "\n        }"))
            }
            for definition in definitions {
                guard let name = definition["state"]?["case"]?.string else { continue }
                if finalStates.contains(name) {
                    lines.append("        finalState(.\(state(name)))")
                    continue
                }
                let body = try self.body(definition, indent: "            ")
                lines.append("        state(.\(state(name))) {" + (body.isEmpty ? "}" : "\n" + body.joined(separator: "\n") + "\n        }"))
            }

            let payload = fields.isEmpty ? "" : "(" + fields.map { "\(fieldNames[$0.name]!): \($0.type)" }.joined(separator: ", ") + ")"
            var stateLines: [String] = []
            for name in stateOrder {
                stateLines.append("        case \(stateNames[name]!)\(finalStates.contains(name) ? "" : payload)")
            }
            if !fields.isEmpty {
                stateLines.append("        enum HashableIdentifier: String { case \(stateOrder.map { stateNames[$0]! }.joined(separator: ", ")) }")
            }
            let comment = SCXMLSwiftSource.wrapped(description, prefix: "/// ")
            return """
                // Written by `statemachine scxml --swift` from \(SCXMLDocument.baseName(file)).scxml.
                import StateMachine

                \(comment)
                enum \(typeName): StateMachineBuilder {
                    enum State: StateMachineHashable, Equatable, Sendable {
                \(stateLines.joined(separator: "\n"))
                    }

                    enum Event: StateMachineHashable, Equatable, Sendable {
                        case \(eventOrder.map { eventNames[$0]! }.joined(separator: ", "))
                    }

                    typealias SideEffect = Never

                    static let definition = StateMachine<State, Event, SideEffect>.Definition {
                \(lines.joined(separator: "\n"))
                    }
                }

                """
        }
    }

    /// A Swift string literal.
    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `text` in lines of at most 100 characters, each starting with `prefix`.
    static func wrapped(_ text: String, prefix: String) -> String {
        var lines: [String] = []
        var line = prefix
        for word in text.split(separator: " ") {
            if line.count + word.count + 1 > 100, line != prefix {
                lines.append(line)
                line = prefix
            }
            line += (line == prefix ? "" : " ") + word
        }
        if line != prefix { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
