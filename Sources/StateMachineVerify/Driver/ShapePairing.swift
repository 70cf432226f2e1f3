import StateMachineFixtures

/// Pairs the cases and fields of the Kotlin machine's types with the Swift machine's (Spec/VERIFY.md, V10): a case
/// pairs with the Swift case of the same fixture name (`InsertCoin` with `insertCoin`), a field with the Swift field
/// of the same name, unless the mapping file says otherwise. Nothing else pairs: a name that has no counterpart is a
/// problem, reported at its declaration on both sides, and the comparison does not run.
struct ShapePairing {
    /// One case of one side: its fixture name, how its side writes it, its fields.
    struct Case {
        let name: String
        let declared: String
        let fields: [String]
    }

    /// The three types, Kotlin's or Swift's; nil for a type whose cases could not be read.
    struct Shapes {
        var roles: [Role: [Case]?]
    }

    enum Role: String, CaseIterable {
        case state, event, sideEffect

        /// How the mapping file names the role.
        var mappingKey: String { self == .sideEffect ? "sideEffects" : rawValue + "s" }
        var noun: String { self == .sideEffect ? "side effect" : rawValue }
    }

    /// What the mapping file says of one Kotlin case.
    struct Mapped {
        let swiftCase: String?
        let fields: [String: String]
    }

    let kotlin: Shapes
    let swift: Shapes
    let mapping: [Role: [String: Mapped]]
    /// Where a name is declared, for the report (`Turnstile.kt:12`), by side and name.
    let kotlinLocation: (String) -> String?
    let swiftLocation: (String) -> String?

    struct Result {
        var toSwift = VerifyNames.same
        var toKotlin = VerifyNames.same
        var problems: [String] = []
        var notes: [String] = []
    }

    func pair() -> Result {
        var result = Result()
        var toSwiftCases: [String: String] = [:]
        var toSwiftFields: [String: [String: String]] = [:]
        var toKotlinCases: [String: String] = [:]
        var toKotlinFields: [String: [String: String]] = [:]
        for role in Role.allCases {
            guard let kotlinCases = kotlin.roles[role] ?? nil else { continue }
            let swiftCases = swift.roles[role] ?? nil
            if swiftCases == nil {
                result.notes.append("note: the cases of the Swift machine's \(role.noun) type could not be read (a Decodable of its own): they are paired by name, unchecked")
            }
            let mapped = mapping[role] ?? [:]
            var pairedSwift: Set<String> = []
            for kotlinCase in kotlinCases {
                let entry = mapped[kotlinCase.name] ?? mapped[kotlinCase.declared] ?? mapped[kotlinCase.declared.split(separator: ".").last.map(String.init) ?? ""]
                let swiftName = entry?.swiftCase ?? kotlinCase.name
                let here = kotlinLocation(kotlinCase.declared).map { " (\($0))" } ?? ""
                guard let swiftCases else {
                    record(kotlinCase.name, swiftName, &toSwiftCases, &toKotlinCases, &result)
                    continue
                }
                guard let swiftCase = swiftCases.first(where: { $0.name == swiftName }) else {
                    result.problems.append("the Kotlin \(role.noun) \(kotlinCase.declared)\(here) has no Swift case .\(swiftName)")
                    continue
                }
                pairedSwift.insert(swiftCase.name)
                record(kotlinCase.name, swiftName, &toSwiftCases, &toKotlinCases, &result)
                var pairedFields: Set<String> = []
                for field in kotlinCase.fields {
                    let swiftField = entry?.fields[field] ?? field
                    guard swiftCase.fields.contains(swiftField) else {
                        result.problems.append("the field \(field) of the Kotlin \(role.noun) \(kotlinCase.declared)\(here) has no Swift field \(swiftField) in .\(swiftCase.name)(\(swiftCase.fields.joined(separator: ", ")))")
                        continue
                    }
                    pairedFields.insert(swiftField)
                    if swiftField != field {
                        toSwiftFields[kotlinCase.name, default: [:]][field] = swiftField
                        toKotlinFields[swiftCase.name, default: [:]][swiftField] = field
                    }
                }
                for field in swiftCase.fields where !pairedFields.contains(field) {
                    let there = swiftLocation(swiftCase.name).map { " (\($0))" } ?? ""
                    result.problems.append("the field \(field) of the Swift \(role.noun) .\(swiftCase.name)\(there) has no Kotlin field in \(kotlinCase.declared)(\(kotlinCase.fields.joined(separator: ", ")))")
                }
            }
            for swiftCase in swiftCases ?? [] where !pairedSwift.contains(swiftCase.name) {
                let there = swiftLocation(swiftCase.name).map { " (\($0))" } ?? ""
                result.problems.append("the Swift \(role.noun) .\(swiftCase.name)\(there) has no Kotlin case")
            }
        }
        result.toSwift = VerifyNames(cases: toSwiftCases, fields: toSwiftFields)
        result.toKotlin = VerifyNames(cases: toKotlinCases, fields: toKotlinFields)
        return result
    }

    private func record(_ kotlin: String, _ swift: String, _ toSwift: inout [String: String], _ toKotlin: inout [String: String], _ result: inout Result) {
        guard kotlin != swift else { return }
        if let other = toSwift[kotlin], other != swift {
            result.problems.append("the Kotlin case name \(kotlin) is mapped to both .\(other) and .\(swift): give the cases of different types different names in the mapping")
        }
        toSwift[kotlin] = swift
        toKotlin[swift] = kotlin
    }

    /// A mapping file for the user to complete: an entry for each Kotlin case that the report says cannot be paired,
    /// each of its fields paired with itself (the Swift cases without a pair are in the report's list).
    func skeleton(_ result: Result) -> String {
        var roles: [String] = []
        for role in Role.allCases {
            guard let cases = kotlin.roles[role] ?? nil else { continue }
            let unpaired = cases.filter { c in result.problems.contains { $0.holds(" \(c.declared) ") || $0.holds(" \(c.declared)(") } }
            guard !unpaired.isEmpty else { continue }
            let entries = unpaired.map { c in
                let fields = c.fields.map { "\"\($0)\": \"\($0)\"" }.joined(separator: ", ")
                return "    \"\(c.declared.split(separator: ".").last ?? "")\": {\"case\": \"\(c.name)\", \"fields\": {\(fields)}}"
            }
            roles.append("  \"\(role.mappingKey)\": {\n\(entries.joined(separator: ",\n"))\n  }")
        }
        return "{\n\(roles.joined(separator: ",\n"))\n}"
    }

    /// Reads the shapes JSON both sides write: `{"state": [{"case": …, "kotlin": …, "fields": […]}], …}`.
    static func shapes(_ text: String, file: String, swift: Bool) throws(DriverError) -> Shapes {
        guard case .success(let document) = JSONMembers.document(text, file: file), case .object(let members) = document else {
            throw DriverError("\(file) is not a JSON object")
        }
        var shapes = Shapes(roles: [:])
        for role in Role.allCases {
            guard let value = members.first(where: { $0.key == role.rawValue })?.value else { continue }
            guard case .array(let items) = value else {
                shapes.roles[role] = .some(nil)
                continue
            }
            shapes.roles[role] = items.compactMap { item -> Case? in
                guard case .object(let fields) = item else { return nil }
                func string(_ key: String) -> String? {
                    if case .string(let text)? = fields.first(where: { $0.key == key })?.value { return text }
                    return nil
                }
                guard let name = string("case") else { return nil }
                var names: [String] = []
                if case .array(let list)? = fields.first(where: { $0.key == "fields" })?.value {
                    for entry in list {
                        if case .string(let text) = entry { names.append(text) }
                        if case .object(let inner) = entry, case .string(let text)? = inner.first(where: { $0.key == "name" })?.value { names.append(text) }
                    }
                }
                return Case(name: name, declared: string("kotlin") ?? name, fields: swift ? names : names)
            }
        }
        return shapes
    }

    /// Reads a mapping file: `{"states": {"Idle": "waiting"}, "events": {"InsertCoin": {"case": "insertCoin",
    /// "fields": {"amount": "cents"}}}}`, Kotlin names on the left (a case's class name or fixture name), Swift's on
    /// the right.
    static func mapping(_ text: String, file: String) throws(DriverError) -> [Role: [String: Mapped]] {
        let document: JSONMembers.Document
        switch JSONMembers.document(text, file: file) {
        case .success(let value): document = value
        case .failure(let error): throw DriverError("the mapping \(error)")
        }
        guard case .object(let members) = document else { throw DriverError("\(file):1:1: the mapping is a JSON object with the keys states, events, sideEffects") }
        var mapping: [Role: [String: Mapped]] = [:]
        for (key, value, line) in members {
            guard let role = Role.allCases.first(where: { $0.mappingKey == key }) else {
                throw DriverError("\(file):\(line): unknown key \"\(key)\"; the mapping's keys are states, events, sideEffects")
            }
            guard case .object(let entries) = value else { throw DriverError("\(file):\(line): \"\(key)\" maps Kotlin names to Swift ones: an object") }
            var roleMapping: [String: Mapped] = [:]
            for (kotlinName, target, entryLine) in entries {
                switch target {
                case .string(let swiftCase):
                    roleMapping[kotlinName] = Mapped(swiftCase: swiftCase, fields: [:])
                case .object(let parts):
                    var swiftCase: String?
                    var fields: [String: String] = [:]
                    for (part, partValue, partLine) in parts {
                        switch (part, partValue) {
                        case ("case", .string(let name)): swiftCase = name
                        case ("fields", .object(let renames)):
                            for (from, to, fieldLine) in renames {
                                guard case .string(let swiftField) = to else { throw DriverError("\(file):\(fieldLine): the Swift name of field \(from) is a string") }
                                fields[from] = swiftField
                            }
                        default:
                            throw DriverError("\(file):\(partLine): \(kotlinName) takes \"case\": \"swiftCase\" and \"fields\": {\"kotlinField\": \"swiftField\"}")
                        }
                    }
                    roleMapping[kotlinName] = Mapped(swiftCase: swiftCase, fields: fields)
                default:
                    throw DriverError("\(file):\(entryLine): \(kotlinName) maps to a Swift case name or to {\"case\": …, \"fields\": {…}}")
                }
            }
            mapping[role] = roleMapping
        }
        return mapping
    }
}
