/// The string, integer and real literals of Kotlin source files, in the order they appear, each once: the events'
/// payloads start with them (Spec/VERIFY.md, V4), as the porter collects them for a port.
///
/// A small scanner, not a parser: it skips comments and character literals, takes a string literal without a
/// template (`"tea"`, not `"$name"`) and without escapes, a decimal or hexadecimal integer (`30`, `1_000`, `0x1F`,
/// `3L`), its negation when a minus comes right before it, and a real (`1.5`, `2e3`, `0.5f`).
enum KotlinLiterals {
    struct Literals: Equatable {
        var strings: [String] = []
        var ints: [Int64] = []
        var doubles: [Double] = []
    }

    static func read(_ texts: [String]) -> Literals {
        var literals = Literals()
        for text in texts { scan(Array(text.unicodeScalars), into: &literals) }
        literals.strings = Array(literals.strings.filter { $0.unicodeScalars.count <= 40 }.prefix(12))
        literals.ints = Array(literals.ints.prefix(12))
        literals.doubles = Array(literals.doubles.prefix(8))
        return literals
    }

    private static func scan(_ text: [Unicode.Scalar], into literals: inout Literals) {
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < text.count ? text[index + offset] : nil }
        while index < text.count {
            let scalar = text[index]
            if scalar == "/", at(1) == "/" {
                while index < text.count, text[index] != "\n" { index += 1 }
            } else if scalar == "/", at(1) == "*" {
                index += 2
                while index < text.count, !(text[index] == "*" && at(1) == "/") { index += 1 }
                index += 2
            } else if scalar == "'" {
                index += 1
                while index < text.count, text[index] != "'" { index += text[index] == "\\" ? 2 : 1 }
                index += 1
            } else if scalar == "\"" {
                if at(1) == "\"", at(2) == "\"" {
                    // A raw string: skipped whole.
                    index += 3
                    while index < text.count, !(text[index] == "\"" && at(1) == "\"" && at(2) == "\"") { index += 1 }
                    index += 3
                    continue
                }
                index += 1
                var value = String.UnicodeScalarView()
                var plain = true
                while index < text.count, text[index] != "\"", text[index] != "\n" {
                    if text[index] == "\\" || text[index] == "$" { plain = false }
                    if text[index] == "\\" { index += 1 }
                    if index < text.count { value.append(text[index]) }
                    index += 1
                }
                index += 1
                let string = String(value)
                if plain, !literals.strings.contains(string) { literals.strings.append(string) }
            } else if isDigit(scalar), !(index > 0 && isIdentifier(text[index - 1])) {
                let start = index
                var word = String.UnicodeScalarView()
                while index < text.count, isIdentifier(text[index]) || text[index] == "." && index + 1 < text.count && isDigit(text[index + 1])
                    || (text[index] == "-" || text[index] == "+") && (word.last == "e" || word.last == "E") && !String(word).hasPrefix("0x") {
                    if text[index] != "_" { word.append(text[index]) }
                    index += 1
                }
                let negative = start > 0 && text[start - 1] == "-"
                record(String(word).lowercased(), negative: negative, into: &literals)
            } else {
                index += 1
            }
        }
    }

    private static func record(_ word: String, negative: Bool, into literals: inout Literals) {
        if word.hasPrefix("0x") {
            var digits = String(word.dropFirst(2))
            if digits.hasSuffix("l") { digits.removeLast() }
            if let value = Int64(digits, radix: 16), !literals.ints.contains(value) { literals.ints.append(value) }
        } else if word.hasSuffix("f") || word.contains(".") || word.contains("e") {
            var digits = word
            if digits.hasSuffix("f") { digits.removeLast() }
            if let value = Double(digits), !literals.doubles.contains(value) { literals.doubles.append(value) }
        } else {
            var digits = word
            while digits.hasSuffix("l") || digits.hasSuffix("u") { digits.removeLast() }
            guard let value = Int64(digits) else { return }
            if !literals.ints.contains(value) { literals.ints.append(value) }
            if negative, !literals.ints.contains(-value) { literals.ints.append(-value) }
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
}
