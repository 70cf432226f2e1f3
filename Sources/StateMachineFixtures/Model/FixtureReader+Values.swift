/// The field types of version 3 (SPEC.md, "Field types of version 3"): doubles, null, lists,
/// `{"$set": [...]}` and `{"$map": [[key, value], ...]}`, beside ints, strings, bools and values.
extension FixtureReader {

    /// Reads one field; the types of version 3 only in a version-3 file.
    func readField(_ node: Node) throws(InputError) -> FixtureValue.Field {
        switch node.json {
        case .integer(let value): return .int(value)
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .real(let value):
            try requireVersion3("a double field", node)
            return .double(value)
        case .null:
            try requireVersion3("a null field", node)
            return .null
        case .array:
            try requireVersion3("a list field", node)
            var items: [FixtureValue.Field] = []
            for item in try node.array("a list") { items.append(try readField(item)) }
            return .list(items)
        case .object(let members):
            if members.count == 1, members[0].key.scalarsEqual("$set") {
                try requireVersion3("a set field", node)
                return .set(try readSet(Node(json: members[0].value, path: node.path.appending("$set"))))
            }
            if members.count == 1, members[0].key.scalarsEqual("$map") {
                try requireVersion3("a map field", node)
                return .map(try readMap(Node(json: members[0].value, path: node.path.appending("$map"))))
            }
            return .value(try readNestedValue(node))
        }
    }

    private func readSet(_ node: Node) throws(InputError) -> [FixtureValue.Field] {
        var items: [FixtureValue.Field] = []
        var seen: Set<ScalarText> = []
        for item in try node.array("the elements of a set (an array)") {
            let field = try readField(item)
            guard seen.insert(ScalarText(field.description)).inserted else {
                throw item.fail("duplicate element \(field) in a set")
            }
            items.append(field)
        }
        return items
    }

    private func readMap(_ node: Node) throws(InputError) -> [FixtureValue.Field.MapEntry] {
        var entries: [FixtureValue.Field.MapEntry] = []
        var seen: Set<ScalarText> = []
        for item in try node.array("the entries of a map (an array of [key, value] pairs)") {
            guard case .array(let pair) = item.json, pair.count == 2 else {
                let got = if case .array(let pair) = item.json { "an array of \(pair.count) elements" } else { item.json.kindDescription }
                throw item.fail("expected a map entry (an array [key, value]), got \(got)")
            }
            let parts = try item.array("a map entry")
            let key = try readField(parts[0])
            guard seen.insert(ScalarText(key.description)).inserted else {
                throw parts[0].fail("duplicate key \(key) in a map")
            }
            entries.append(.init(key: key, value: try readField(parts[1])))
        }
        return entries
    }

    private func requireVersion3(_ what: String, _ node: Node) throws(InputError) {
        guard version < 3 else { return }
        throw node.fail("\(what) needs \"schemaVersion\": 3 (this file has \(version))")
    }
}
