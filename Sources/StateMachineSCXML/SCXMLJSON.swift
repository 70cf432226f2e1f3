/// The JSON of a fixture the converter wrote, read back for ``SCXMLSwiftSource``: objects keep
/// their keys in order, and an integer is told apart from a boolean.
indirect enum SCXMLJSON: Equatable {
    case object([(String, SCXMLJSON)])
    case array([SCXMLJSON])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    static func == (left: SCXMLJSON, right: SCXMLJSON) -> Bool {
        switch (left, right) {
        case (.object(let a), .object(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.array(let a), .array(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    subscript(key: String) -> SCXMLJSON? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.0 == key }?.1
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var array: [SCXMLJSON] {
        if case .array(let items) = self { return items }
        return []
    }

    var fields: [(String, SCXMLJSON)] {
        if case .object(let fields) = self { return fields }
        return []
    }

    /// The JSON text `text`, or nil when it is not JSON of the subset the converter writes.
    static func parse(_ text: String) -> SCXMLJSON? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let value = reader.value() else { return nil }
        reader.skipSpace()
        return reader.position == reader.bytes.count ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        mutating func value() -> SCXMLJSON? {
            skipSpace()
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var fields: [(String, SCXMLJSON)] = []
                if take(UInt8(ascii: "}")) { return .object(fields) }
                repeat {
                    skipSpace()
                    guard let key = string(), take(UInt8(ascii: ":")), let value = value() else { return nil }
                    fields.append((key, value))
                } while take(UInt8(ascii: ","))
                return take(UInt8(ascii: "}")) ? .object(fields) : nil
            case UInt8(ascii: "["):
                position += 1
                var items: [SCXMLJSON] = []
                if take(UInt8(ascii: "]")) { return .array(items) }
                repeat {
                    guard let item = value() else { return nil }
                    items.append(item)
                } while take(UInt8(ascii: ","))
                return take(UInt8(ascii: "]")) ? .array(items) : nil
            case UInt8(ascii: "\""):
                return string().map { .string($0) }
            case UInt8(ascii: "t"): return word("true", .bool(true))
            case UInt8(ascii: "f"): return word("false", .bool(false))
            case UInt8(ascii: "n"): return word("null", .null)
            default:
                let start = position
                if bytes[position] == UInt8(ascii: "-") { position += 1 }
                while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
                return Int(String(decoding: bytes[start..<position], as: UTF8.self)).map { .int($0) }
            }
        }

        mutating func word(_ word: String, _ value: SCXMLJSON) -> SCXMLJSON? {
            let text = Array(word.utf8)
            guard position + text.count <= bytes.count, Array(bytes[position..<(position + text.count)]) == text else { return nil }
            position += text.count
            return value
        }

        mutating func string() -> String? {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
            position += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll()
            }
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard position < bytes.count else { return nil }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        guard position + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[position..<(position + 4)], as: UTF8.self), radix: 16),
                              let scalar = Unicode.Scalar(code) else { return nil }
                        position += 4
                        scalars.append(scalar)
                    default: scalars.append(Unicode.Scalar(escape))
                    }
                default:
                    run.append(byte)
                }
            }
            return nil
        }
    }
}
