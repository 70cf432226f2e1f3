/// Finds where a value sits in JSON text that was already parsed (``FixtureJSON``).
///
/// Parsed values carry no position. For the errors the fixture reader finds in them it knows the
/// document path (`scenarios[2].steps[5].event`), and this walks the text once more to turn that
/// path into a line and column. It only locates: on text it does not expect it gives up (nil)
/// rather than trap. `scripts/fuzz loader` fuzzes it.
struct JSONLocator {

    /// A 1-based line and column; columns count characters, not bytes.
    struct Position: Equatable, Sendable {
        let line: Int
        let column: Int
    }

    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The start of the value at `path`, or of its key when `atKey` and the value is an object
    /// member; nil when the text does not hold the path.
    func position(of path: DocumentPath, atKey: Bool = false) -> Position? {
        var scanner = Scanner(bytes: bytes)
        guard let offset = scanner.find(path.components[...], atKey: atKey) else { return nil }
        return position(ofOffset: offset)
    }

    func position(ofOffset offset: Int) -> Position {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return Position(line: line, column: column)
    }

    /// A forgiving tokenizer: it returns nil rather than trapping on text it does not expect.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func peek() -> UInt8? {
            skipSpace()
            return index < bytes.count ? bytes[index] : nil
        }

        /// Reads a string token, decoding escapes; the index must be at the opening quote.
        mutating func readString() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            var scalars: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: scalars, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "n"): scalars.append(0x0A)
                    case UInt8(ascii: "t"): scalars.append(0x09)
                    case UInt8(ascii: "r"): scalars.append(0x0D)
                    case UInt8(ascii: "b"): scalars.append(0x08)
                    case UInt8(ascii: "f"): scalars.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard var code = readHex4() else { return nil }
                        // A high surrogate combines only with a low one that follows; anything
                        // else (a lone or reversed surrogate, which jansson rejects) is U+FFFD.
                        if (0xD800..<0xDC00).contains(code), let low = readLowSurrogate() {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                        scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                    default: scalars.append(escaped)
                    }
                default:
                    scalars.append(byte)
                }
            }
            return nil
        }

        /// Four hexadecimal digits, exactly (no sign, no fewer digits).
        private mutating func readHex4() -> UInt32? {
            guard let value = hex4(at: index) else { return nil }
            index += 4
            return value
        }

        /// A `\uDC00`...`\uDFFF` escape at the index, consumed only when it is one.
        private mutating func readLowSurrogate() -> UInt32? {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                  let low = hex4(at: index + 2), (0xDC00..<0xE000).contains(low) else { return nil }
            index += 6
            return low
        }

        private func hex4(at start: Int) -> UInt32? {
            guard start >= 0, start + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[start..<start + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        /// Skips one value of any kind.
        mutating func skipValue() -> Bool {
            guard let first = peek() else { return false }
            switch first {
            case UInt8(ascii: "\""):
                return readString() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        guard readString() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return true
                        }
                    default:
                        break
                    }
                    index += 1
                }
                return false
            default:
                let start = index
                while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
                return index > start
            }
        }

        /// The offset of the value at `path`, starting from the value at the current index.
        mutating func find(_ path: ArraySlice<DocumentPath.Component>, atKey: Bool) -> Int? {
            guard let first = peek() else { return nil }
            guard let component = path.first else { return index }
            switch (component, first) {
            case (.key(let wanted), UInt8(ascii: "{")):
                index += 1
                while true {
                    guard let next = peek() else { return nil }
                    if next == UInt8(ascii: "}") { return nil }
                    if next == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    let keyOffset = index
                    guard let key = readString(), peek() == UInt8(ascii: ":") else { return nil }
                    index += 1
                    if key == wanted {
                        if atKey && path.count == 1 { return keyOffset }
                        return find(path.dropFirst(), atKey: atKey)
                    }
                    guard skipValue() else { return nil }
                }
            case (.index(let wanted), UInt8(ascii: "[")):
                index += 1
                var position = 0
                while true {
                    guard let next = peek() else { return nil }
                    if next == UInt8(ascii: "]") { return nil }
                    if next == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    if position == wanted { return find(path.dropFirst(), atKey: atKey) }
                    guard skipValue() else { return nil }
                    position += 1
                }
            default:
                return nil
            }
        }
    }
}
