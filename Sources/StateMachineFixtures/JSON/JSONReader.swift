/// Reads JSON text (RFC 8259) in Swift alone: the fixture reader's JSON wherever jansson is not
/// linked (Apple platforms, where an app's test target has no system jansson), and the one that
/// describes every syntax error on every platform, so that a broken fixture gets the same message
/// at the same line and column everywhere.
///
/// It accepts exactly what the fixture reader's jansson accepts (`json_loadb` with
/// `JSON_REJECT_DUPLICATES`): one object or array, nested at most ``maximumDepth`` levels; keys
/// unique within an object; integers that fit 64 bits; reals that fit a `Double`; strings of valid
/// UTF-8 without U+0000. `scripts/fuzz json` checks the two against each other.
///
/// It does not recurse: the nesting lives in an array, so a deep document cannot overflow a
/// thread's stack.
struct JSONReader {

    /// The first problem in the text: where, in which value, and what was expected there.
    struct SyntaxError: Error, Equatable {
        /// The byte offset of the problem.
        let offset: Int
        /// The value that was being read.
        let path: DocumentPath
        let message: String
    }

    /// How deep arrays and objects may nest: jansson's limit.
    static let maximumDepth = 2048

    /// Parses `bytes`, one JSON object or array.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSON {
        var reader = JSONReader(bytes: bytes)
        return try reader.document()
    }

    private let bytes: [UInt8]
    private var index = 0
    /// The arrays and objects open at the index, outermost first.
    private var open: [Container] = []
    /// Whether the string being read is a key: its errors are the object's.
    private var readingKey = false

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// An array or object being read.
    private struct Container {
        var isObject: Bool
        var elements: [JSON] = []
        var members: [(key: String, value: JSON)] = []
        /// The keys read so far, compared by their Unicode scalars (R31), as jansson compares them.
        var keys: Set<ScalarText> = []
        /// The key of the member whose value is being read.
        var key = ""

        var path: DocumentPath.Component {
            isObject ? .key(key) : .index(elements.count)
        }
    }

    private mutating func document() throws(SyntaxError) -> JSON {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw error("the file starts with a byte-order mark (U+FEFF); save it as UTF-8 without one")
        }
        skipSpace()
        guard let first = peek(), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            throw error("expected '{' or '[' to start the document, got \(found())")
        }
        let value = try value()
        skipSpace()
        guard index == bytes.count else {
            throw error("expected the end of the file after the document, got \(found())")
        }
        return value
    }

    /// The value at the index, with everything nested in it.
    private mutating func value() throws(SyntaxError) -> JSON {
        var value = try scalarOrOpen()
        while !open.isEmpty {
            if let finished = value {
                // A value is complete: it goes into the innermost container.
                if open[open.count - 1].isObject {
                    open[open.count - 1].members.append((open[open.count - 1].key, finished))
                } else {
                    open[open.count - 1].elements.append(finished)
                }
                value = try next()
            } else {
                value = try firstInContainer()
            }
        }
        return value!
    }

    /// A scalar value, or nil after opening an array or object.
    private mutating func scalarOrOpen() throws(SyntaxError) -> JSON? {
        skipSpace()
        guard let byte = peek() else { throw error("expected a value, got \(found())") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard open.count < Self.maximumDepth else {
                throw error("nested too deep: arrays and objects are nested more than \(Self.maximumDepth) levels")
            }
            index += 1
            open.append(Container(isObject: byte == UInt8(ascii: "{")))
            return nil
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number()
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return try literal()
        default:
            throw error("expected a value, got \(found())")
        }
    }

    /// Just after `{` or `[`: the first member or element, or the end of an empty container.
    private mutating func firstInContainer() throws(SyntaxError) -> JSON? {
        skipSpace()
        let isObject = open[open.count - 1].isObject
        if peek() == UInt8(ascii: isObject ? "}" : "]") {
            index += 1
            return close()
        }
        if isObject {
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key or '}', got \(found())", inValue: false) }
            try key()
        }
        return try scalarOrOpen()
    }

    /// After a member or element: the next one, or the end of the container (its value).
    private mutating func next() throws(SyntaxError) -> JSON? {
        skipSpace()
        let container = open[open.count - 1]
        let end = UInt8(ascii: container.isObject ? "}" : "]")
        if peek() == end {
            index += 1
            return close()
        }
        guard peek() == UInt8(ascii: ",") else {
            if container.isObject {
                throw error("expected ',' or '}' after the member \(Canonical.string(container.key)), got \(found())", inValue: false)
            }
            throw error("expected ',' or ']' after an element of the array, got \(found())", inValue: false)
        }
        index += 1
        skipSpace()
        if container.isObject {
            guard peek() == UInt8(ascii: "\"") else {
                let hint = peek() == end ? " (JSON allows no comma before '}')" : ""
                throw error("expected a string key, got \(found())\(hint)", inValue: false)
            }
            try key()
        } else if peek() == end {
            throw error("expected a value, got ']' (JSON allows no comma before ']')")
        }
        return try scalarOrOpen()
    }

    /// Reads a member's key and its `:`; the index is at the key's opening quote.
    private mutating func key() throws(SyntaxError) {
        let start = index
        readingKey = true
        let key = try string()
        readingKey = false
        let innermost = open.count - 1
        guard open[innermost].keys.insert(ScalarText(key)).inserted else {
            open[innermost].key = key
            throw SyntaxError(
                offset: start, path: path(),
                message: "duplicate key \(Canonical.string(key)) (each key may appear once in an object)"
            )
        }
        open[innermost].key = key
        skipSpace()
        guard peek() == UInt8(ascii: ":") else {
            throw error("expected ':' after the key \(Canonical.string(key)), got \(found())", inValue: false)
        }
        index += 1
    }

    /// Closes the innermost container and returns it as a value.
    private mutating func close() -> JSON {
        let container = open.removeLast()
        return container.isObject ? .object(container.members) : .array(container.elements)
    }

    // MARK: - Scalars

    /// A string; the index is at its opening quote.
    private mutating func string() throws(SyntaxError) -> String {
        let start = index
        index += 1
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw error("the string has no closing '\"' before the end of the file", at: start)
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &text)
            case 0..<0x20:
                throw error("control character \(Self.scalarName(UInt32(byte))) in a string; write it as an escape (\\n, \\t, \\u001F)")
            case 0x80...:
                let length = try utf8Sequence()
                text.append(contentsOf: bytes[index..<index + length])
                index += length
            default:
                text.append(byte)
                index += 1
            }
        }
    }

    /// An escape; the index is at its backslash.
    private mutating func escape(into text: inout [UInt8]) throws(SyntaxError) {
        let start = index
        guard index + 1 < bytes.count else {
            throw error("the string has no closing '\"' before the end of the file", at: start)
        }
        let letter = bytes[index + 1]
        let simple: UInt8? = switch letter {
        case UInt8(ascii: "\""): 0x22
        case UInt8(ascii: "\\"): 0x5C
        case UInt8(ascii: "/"): 0x2F
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            text.append(simple)
            index += 2
            return
        }
        guard letter == UInt8(ascii: "u") else {
            throw error("invalid escape '\\\(Self.character(at: index + 1, in: bytes).text)' in a string; the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four hexadecimal digits")
        }
        var code = try hex4(at: start)
        index += 6
        if (0xDC00..<0xE000).contains(code) {
            throw error("unpaired surrogate '\\u\(Self.hex(code))' in a string: a low surrogate must follow a high one (\\uD800 to \\uDBFF)", at: start)
        }
        if (0xD800..<0xDC00).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate '\\u\(Self.hex(code))' in a string: a high surrogate must be followed by a low one (\\uDC00 to \\uDFFF)", at: start)
            }
            let low = try hex4(at: index)
            guard (0xDC00..<0xE000).contains(low) else {
                throw error("unpaired surrogate '\\u\(Self.hex(code))' in a string: a high surrogate must be followed by a low one (\\uDC00 to \\uDFFF), not '\\u\(Self.hex(low))'", at: start)
            }
            index += 6
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard code != 0 else {
            throw error("'\\u0000' in a string: fixture strings may not hold U+0000", at: start)
        }
        text.append(contentsOf: String(Character(Unicode.Scalar(code)!)).utf8)
    }

    /// The four hexadecimal digits of the `\u` escape at `start`.
    private func hex4(at start: Int) throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for offset in start + 2..<start + 6 {
            guard offset < bytes.count else {
                throw error("the string has no closing '\"' before the end of the file", at: start)
            }
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                let shown = String(decoding: bytes[start..<min(start + 6, bytes.count)].prefix { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
                throw error("invalid escape '\(shown)' in a string: \\u takes four hexadecimal digits", at: start)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence at the index (a byte of 0x80 or more).
    private func utf8Sequence() throws(SyntaxError) -> Int {
        let length = Self.utf8Length(bytes, at: index)
        guard length > 0 else {
            throw error("invalid UTF-8: byte 0x\(Self.hex(UInt32(bytes[index]), digits: 2)) does not start a well-formed character; save the file as UTF-8")
        }
        return length
    }

    /// The length of the well-formed UTF-8 sequence that starts at `index` (Unicode's Table 3-7:
    /// no overlong forms, no surrogates, nothing above U+10FFFF), or 0.
    static func utf8Length(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        guard (low...high).contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
            return 0
        }
        return length
    }

    /// A number: an integer when it has neither fraction nor exponent, else a real.
    private mutating func number() throws(SyntaxError) -> JSON {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else {
            throw error("invalid number '\(numberText(from: start))': expected a digit after '-'", at: start)
        }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            throw error("invalid number '\(numberText(from: start))': a number does not start with 0 followed by more digits", at: start)
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard digits() > 0 else {
                throw error("invalid number '\(numberText(from: start))': expected a digit after '.'", at: start)
            }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            isInteger = false
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else {
                throw error("invalid number '\(numberText(from: start))': expected a digit in the exponent", at: start)
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger {
            guard let integer = Int64(text) else {
                throw error("integer \(text) does not fit 64 bits (\(Int64.min) to \(Int64.max))", at: start)
            }
            return .integer(integer)
        }
        guard let real = Double(text), real.isFinite else {
            throw error("number \(text) is too large for a double", at: start)
        }
        return .real(real)
    }

    /// The text of a malformed number for a message: from `start` up to the next delimiter.
    private func numberText(from start: Int) -> String {
        var end = start
        while end < bytes.count, end - start < 40, !" \t\r\n,]}".utf8.contains(bytes[end]), bytes[end] < 0x80 { end += 1 }
        return String(decoding: bytes[start..<max(end, start + 1)], as: UTF8.self)
    }

    /// `true`, `false` or `null`; the index is at a letter.
    private mutating func literal() throws(SyntaxError) -> JSON {
        let start = index
        while index < bytes.count, Self.isLetter(bytes[index]) { index += 1 }
        let word = String(decoding: bytes[start..<index], as: UTF8.self)
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            let shown = word.count > 40 ? String(word.prefix(40)) + "…" : word
            throw error("invalid literal '\(shown)': expected true, false or null (strings take double quotes)", at: start)
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    // MARK: - Errors

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// What is at the index, for "got …": `end of file`, `a string`, `a number`, `'x'`, or the
    /// code of a character that does not print (`U+0000`, `byte 0xFF`).
    private func found() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") { return "a string" }
        if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return "a number" }
        let (text, printable) = Self.character(at: index, in: bytes)
        return printable ? "'\(text)'" : text
    }

    /// The character at `offset` as a message shows it: itself when it prints, else its code
    /// (`U+0000`, `byte 0xFF`).
    private static func character(at offset: Int, in bytes: [UInt8]) -> (text: String, printable: Bool) {
        let byte = bytes[offset]
        if byte >= 0x80 {
            let length = utf8Length(bytes, at: offset)
            guard length > 0 else { return ("byte 0x\(hex(UInt32(byte), digits: 2))", false) }
            let text = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
            let scalar = text.unicodeScalars.first!
            let printable = !scalar.properties.isWhitespace && scalar.properties.generalCategory != .format
            return printable ? (text, true) : (scalarName(scalar.value), false)
        }
        return byte < 0x20 || byte == 0x7F ? (scalarName(UInt32(byte)), false) : (String(UnicodeScalar(byte)), true)
    }

    private static func scalarName(_ value: UInt32) -> String {
        "U+" + hex(value)
    }

    private static func hex(_ value: UInt32, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The path of the value being read; with `inValue` false, of the innermost container (the
    /// error is between its members).
    private func path(inValue: Bool = true) -> DocumentPath {
        var components = open.dropLast().map(\.path)
        if let innermost = open.last, inValue {
            components.append(innermost.path)
        }
        return DocumentPath(components)
    }

    /// An error at `offset` (the index when nil); its message starts `invalid JSON: `.
    private func error(_ message: String, at offset: Int? = nil, inValue: Bool = true) -> SyntaxError {
        SyntaxError(offset: offset ?? index, path: path(inValue: inValue && !readingKey), message: "invalid JSON: " + message)
    }
}
