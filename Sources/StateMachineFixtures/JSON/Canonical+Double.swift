extension Canonical {

    /// The canonical text of a finite double (SPEC.md, "Field types of version 3"): the shortest
    /// digits that read back as the same double, plain with at least one fraction digit when
    /// `1e-6 <= |x| < 1e21` (`3.0`, `0.000001`), otherwise `1.5e-7`, `1.0e21`; `-0.0` keeps its sign.
    package static func double(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-Infinity" : "Infinity") }
        let sign = value.sign == .minus ? "-" : ""
        // Swift's description gives the shortest round-trip digits: "1e-05", "0.0001", "1.5e+16".
        let text = value.magnitude.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        let exponent = parts.count > 1 ? Int(parts[1])! : 0
        let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = String(pieces[0])
        let fraction = pieces.count > 1 ? String(pieces[1]) : ""
        return sign + format(digits: whole + fraction, point: whole.count + exponent)
    }

    /// Formats `0.DIGITS × 10^point` as the canonical text of a non-negative double.
    package static func format(digits raw: String, point raw_point: Int) -> String {
        var digits = Substring(raw)
        var point = raw_point
        while digits.first == "0" {
            digits = digits.dropFirst()
            point -= 1
        }
        while digits.last == "0" { digits = digits.dropLast() }
        guard !digits.isEmpty else { return "0.0" }
        let exponent = point - 1
        if exponent >= -6 && exponent < 21 {
            if point <= 0 { return "0." + String(repeating: "0", count: -point) + digits }
            if point >= digits.count { return digits + String(repeating: "0", count: point - digits.count) + ".0" }
            return digits.prefix(point) + "." + digits.dropFirst(point)
        }
        let rest = digits.dropFirst()
        return "\(digits.first!)." + (rest.isEmpty ? "0" : rest) + "e\(exponent)"
    }

    /// Whether canonical text `a` sorts before `b`: by UTF-16 code units, as object keys sort.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    /// Canonical texts in ascending order.
    package static func sorted(_ texts: [String]) -> [String] {
        texts.sorted(by: precedes)
    }
}
