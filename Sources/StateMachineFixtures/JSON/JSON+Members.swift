/// JSON for the other modules of this package (the verification's driver reads the porter's `plan.json` with it).
package enum JSONMembers {
    /// The string members of the object that `text` is, by key; nil when `text` is not a JSON object.
    package static func strings(of text: String) -> [String: String]? {
        guard case .object(let members)? = try? FixtureJSON.parse(Array(text.utf8)) else { return nil }
        var strings: [String: String] = [:]
        for (key, value) in members {
            if case .string(let string) = value { strings[key] = string }
        }
        return strings
    }
}
