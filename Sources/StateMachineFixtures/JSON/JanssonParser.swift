#if canImport(CJansson)
import CJansson

/// Parses JSON text with jansson: strict, one document, duplicate keys rejected. Linux only: an
/// Apple platform's app has no system jansson (see ``FixtureJSON``).
enum JanssonParser {

    /// A syntax error as jansson reports it, with its position.
    struct SyntaxError: Error {
        let line: Int
        let column: Int
        let position: Int
        let text: String
        let isDuplicateKey: Bool
    }

    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSON {
        // jansson skips a NUL byte between tokens (`[8<NUL>]` reads as `[8]`); JSON has no place
        // for one, in a string or outside.
        if let nul = bytes.firstIndex(of: 0) {
            throw SyntaxError(line: 0, column: 0, position: nul, text: "a NUL byte", isDuplicateKey: false)
        }
        var error = json_error_t()
        // An empty array may have no storage; jansson still needs a valid pointer.
        let storage = bytes.isEmpty ? [0] : bytes
        let root: UnsafeMutablePointer<json_t>? = storage.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                json_loadb(chars, bytes.count, cjansson_reject_duplicates(), &error)
            }
        }
        guard let root else {
            let text = withUnsafeBytes(of: error.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw SyntaxError(
                line: Int(error.line), column: Int(error.column), position: Int(error.position),
                text: text, isDuplicateKey: cjansson_is_duplicate_key(&error) != 0
            )
        }
        defer { cjansson_decref(root) }
        return convert(root)
    }

    private static func convert(_ node: UnsafeMutablePointer<json_t>) -> JSON {
        switch cjansson_typeof(node) {
        case JSON_OBJECT:
            var members: [(key: String, value: JSON)] = []
            var iterator = json_object_iter(node)
            while let current = iterator {
                let keyPointer = json_object_iter_key(current)!
                let key = String(decoding: UnsafeRawBufferPointer(start: keyPointer, count: json_object_iter_key_len(current)), as: UTF8.self)
                members.append((key, convert(json_object_iter_value(current)!)))
                iterator = json_object_iter_next(node, current)
            }
            return .object(members)
        case JSON_ARRAY:
            return .array((0..<json_array_size(node)).map { convert(json_array_get(node, $0)!) })
        case JSON_STRING:
            let text = String(decoding: UnsafeRawBufferPointer(start: json_string_value(node), count: json_string_length(node)), as: UTF8.self)
            return .string(text)
        case JSON_INTEGER:
            return .integer(Int64(json_integer_value(node)))
        case JSON_REAL:
            return .real(json_real_value(node))
        case JSON_TRUE:
            return .bool(true)
        case JSON_FALSE:
            return .bool(false)
        default:
            return .null
        }
    }
}
#endif
