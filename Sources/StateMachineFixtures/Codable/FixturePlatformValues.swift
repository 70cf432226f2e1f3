/// Instants, durations and UUIDs in the fixture format (SPEC.md, R30 platform-values): an instant is ISO 8601 text
/// in UTC (`"2023-11-14T22:13:20Z"`), a duration its seconds (`90`, `1.5`), a UUID lower-case text.
///
/// This module does not import Foundation: `Date` and `UUID` are known by their names and go through their own
/// `Codable` forms (a `Double` of seconds since 2001 and upper-case text), which are converted here.
enum FixturePlatformValues {
    enum Kind {
        case instant, uuid, duration
    }

    /// Seconds from 1970-01-01 to 2001-01-01, where `Date`'s `Codable` form counts from.
    static let secondsFrom1970To2001: Int64 = 978_307_200

    /// The platform type `type` is, by the name `String(reflecting:)` gives it (Foundation's value types are declared
    /// in FoundationEssentials on Linux and in newer Apple SDKs).
    static func kind(of type: Any.Type) -> Kind? {
        switch String(reflecting: type) {
        case "Foundation.Date", "FoundationEssentials.Date": .instant
        case "Foundation.UUID", "FoundationEssentials.UUID": .uuid
        case "Swift.Duration": .duration
        default: nil
        }
    }

    // MARK: Writing

    /// The field of `value`, a platform value of kind `kind`.
    static func field<T: Encodable>(of value: T, kind: Kind, codingPath: [any CodingKey]) throws -> FixtureValue.Field {
        switch kind {
        case .duration:
            guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *), let duration = value as? Duration else {
                throw FixtureValueEncoder.unsupported(T.self, codingPath)
            }
            return durationField(duration)
        case .instant:
            let box = FixtureValueEncoder.Box()
            try value.encode(to: FixtureValueEncoder.ValueEncoder(box: box, codingPath: codingPath))
            guard case .double(let since2001) = box.content, let text = instantText(secondsSince2001: since2001) else {
                throw invalid(value, codingPath, "this instant has no form in the fixture format (years 0001 to 9999 only)")
            }
            return .string(text)
        case .uuid:
            let box = FixtureValueEncoder.Box()
            try value.encode(to: FixtureValueEncoder.ValueEncoder(box: box, codingPath: codingPath))
            guard case .string(let text) = box.content else { throw FixtureValueEncoder.unsupported(T.self, codingPath) }
            return .string(text.lowercased())
        }
    }

    /// Whole seconds as an int, else the nearest double: read from the exact decimal, where adding the fraction to the
    /// seconds would round twice (2 s + 0.666666666 s is 2.6666666660000002 in doubles).
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    static func durationField(_ duration: Duration) -> FixtureValue.Field {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return .int(seconds) }
        // Both components have the duration's sign.
        let sign = seconds < 0 || attoseconds < 0 ? "-" : ""
        let fraction = digits(Int64(attoseconds.magnitude), 18)
        return .double(Double(sign + String(seconds.magnitude) + "." + fraction)!)
    }

    /// `2023-11-14T22:13:20Z`, with a fraction to the microsecond when there is one; nil outside years 1…9999.
    static func instantText(secondsSince2001: Double) -> String? {
        let micros = ((secondsSince2001 + Double(secondsFrom1970To2001)) * 1_000_000).rounded()
        guard micros.isFinite, abs(micros) < 9e15, let total = Int64(exactly: micros) else { return nil }
        return instantText(microsecondsSince1970: total)
    }

    static func instantText(microsecondsSince1970 total: Int64) -> String? {
        let (seconds, micro) = floorDivision(total, 1_000_000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        guard (1...9999).contains(year) else { return nil }
        var text = digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2) + "T"
        text += digits(secondOfDay / 3600, 2) + ":" + digits(secondOfDay / 60 % 60, 2) + ":" + digits(secondOfDay % 60, 2)
        if micro != 0 {
            var fraction = digits(micro, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    // MARK: Reading

    /// `T`, a platform type of kind `kind`, from `node`: the field's form converted to what `T`'s `Decodable` reads.
    static func decode<T: Decodable>(_ type: T.Type, kind: Kind, _ node: FixtureValueDecoder.Node, codingPath: [any CodingKey],
                                     state: FixtureValueDecoder.State) throws -> T {
        func mismatch(_ expected: String) -> DecodingError {
            .typeMismatch(T.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), got \(node.kind)"))
        }
        func decoded(from field: FixtureValue.Field) throws -> T {
            try T(from: FixtureValueDecoder.ValueDecoder(node: .field(field), codingPath: codingPath, state: state))
        }
        switch kind {
        case .instant:
            let expected = #"an instant, ISO 8601 in UTC such as "2023-11-14T22:13:20Z""#
            guard case .field(.string(let text)) = node else { throw mismatch(expected) }
            guard let micros = microsecondsSince1970(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "expected \(expected), got \(Canonical.string(text))"))
            }
            let (seconds, micro) = floorDivision(micros, 1_000_000)
            return try decoded(from: .double(Double(seconds - secondsFrom1970To2001) + Double(micro) / 1_000_000))
        case .uuid:
            let expected = "a UUID, 36 characters such as \"00000000-0000-0000-0000-000000000001\""
            guard case .field(.string(let text)) = node else { throw mismatch(expected) }
            guard isUUID(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "expected \(expected), got \(Canonical.string(text))"))
            }
            return try decoded(from: .string(text.uppercased()))
        case .duration:
            guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { throw mismatch("a duration") }
            let duration: Duration
            switch node {
            case .field(.int(let seconds)): duration = .seconds(seconds)
            case .field(.double(let seconds)): duration = .seconds(seconds)
            default: throw mismatch("a duration in seconds, an int or a double")
            }
            return duration as! T
        }
    }

    /// The microseconds since 1970 of `YYYY-MM-DDTHH:MM:SS[.f]Z` (one to nine digits of fraction, rounded to the
    /// microsecond); nil for any other text.
    static func microsecondsSince1970(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int64? {
            guard start + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[start..<start + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func byte(_ index: Int, is character: Unicode.Scalar) -> Bool { index < bytes.count && bytes[index] == UInt8(ascii: character) }
        guard bytes.count >= 20, byte(4, is: "-"), byte(7, is: "-"), byte(10, is: "T"), byte(13, is: ":"), byte(16, is: ":"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...9999).contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60, bytes.last == UInt8(ascii: "Z") else { return nil }
        var micro: Int64 = 0
        if bytes.count > 20 {
            let digitCount = bytes.count - 21
            guard byte(19, is: "."), (1...9).contains(digitCount), let fraction = number(20, digitCount) else { return nil }
            var nanos = fraction
            for _ in digitCount..<9 { nanos *= 10 }
            micro = (nanos + 500) / 1000
        }
        let days = daysSince1970(year: year, month: month, day: day)
        return ((days * 86_400 + hour * 3600 + minute * 60 + second) * 1_000_000) + micro
    }

    /// Whether `text` is 8-4-4-4-12 hexadecimal digits, either case.
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                let hex = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
                guard hex else { return false }
            }
        }
        return true
    }

    // MARK: The proleptic Gregorian calendar

    /// Days since 1970-01-01 of a date (days-from-civil: years counted from March, so that February ends a year).
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shifted = month <= 2 ? year - 1 : year
        let era = floorDivision(shifted, 400).quotient
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day since 1970-01-01 (the inverse of ``daysSince1970(year:month:day:)``).
    static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
        return (quotient, value - quotient * divisor)
    }

    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func invalid<T>(_ value: T, _ codingPath: [any CodingKey], _ message: String) -> EncodingError {
        .invalidValue(value, .init(codingPath: codingPath, debugDescription: message))
    }
}
