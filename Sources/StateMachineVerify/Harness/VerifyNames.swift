import StateMachineFixtures

/// How the case and field names of one side's values become the other side's (`statemachine compare`, Spec/VERIFY.md,
/// V10): `{"insertCoin":{"amount":30}}` from the Kotlin is `{"insertCoin":{"cents":30}}` for the Swift, and back.
/// A name without an entry stays as it is.
public struct VerifyNames: Sendable {
    /// A case's new name, by its old one.
    let cases: [String: String]
    /// A field's new name, by its case's old name and its own old name.
    let fields: [String: [String: String]]

    public static let same = VerifyNames(cases: [:], fields: [:])

    init(cases: [String: String], fields: [String: [String: String]]) {
        self.cases = cases
        self.fields = fields
    }

    /// Reads `{"cases": {"OLD": "NEW"}, "fields": {"OLD CASE": {"OLD": "NEW"}}}`.
    init(_ field: FixtureValue.Field?) {
        var cases: [String: String] = [:]
        var fields: [String: [String: String]] = [:]
        if case .map(let entries)? = field {
            for entry in entries {
                guard case .string(let key) = entry.key, case .map(let inner) = entry.value else { continue }
                for item in inner {
                    guard case .string(let old) = item.key else { continue }
                    if key == "cases", case .string(let new) = item.value { cases[old] = new }
                    if key == "fields", case .map(let renames) = item.value {
                        for rename in renames {
                            if case .string(let from) = rename.key, case .string(let to) = rename.value { fields[old, default: [:]][from] = to }
                        }
                    }
                }
            }
        }
        self.cases = cases
        self.fields = fields
    }

    /// `field` with every case and field name renamed, nested values included.
    func rename(_ field: FixtureValue.Field) -> FixtureValue.Field {
        switch field {
        case .value(let value):
            let renames = fields[value.caseName] ?? [:]
            var renamed: [String: FixtureValue.Field] = [:]
            for (name, inner) in value.fields { renamed[renames[name] ?? name] = rename(inner) }
            return .value(FixtureValue(cases[value.caseName] ?? value.caseName, fields: renamed))
        case .list(let items): return .list(items.map(rename))
        case .set(let items): return .set(items.map(rename))
        case .map(let entries): return .map(entries.map { .init(key: rename($0.key), value: rename($0.value)) })
        default: return field
        }
    }
}

extension VerifyNames {
    /// The names as the harness reads them (`names.json`, a fixture map: Spec/VERIFY.md, V10).
    var field: FixtureValue.Field {
        .map([
            .init(key: .string("cases"), value: .map(cases.map { .init(key: .string($0.key), value: .string($0.value)) })),
            .init(key: .string("fields"), value: .map(fields.map { entry in
                .init(key: .string(entry.key), value: .map(entry.value.map { .init(key: .string($0.key), value: .string($0.value)) }))
            })),
        ])
    }
}

extension VerifyNamePairs {
    /// Reads `names.json`.
    init(json: String) throws {
        guard case .map(let entries) = try FixtureValueCoding.field(json: json, file: "names.json") else {
            throw FixtureValueCodingError("names.json is not a map")
        }
        let field = { (key: String) in entries.first { $0.key == .string(key) }?.value }
        self.init(toSwift: VerifyNames(field("toSwift")), toKotlin: VerifyNames(field("toKotlin")))
    }

    var field: FixtureValue.Field {
        .map([.init(key: .string("toSwift"), value: toSwift.field), .init(key: .string("toKotlin"), value: toKotlin.field)])
    }
}

/// A names file that is not what the driver writes.
struct FixtureValueCodingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
