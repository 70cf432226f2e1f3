extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingBlanks() -> String {
        let blanks: Set<Character> = [" ", "\t", "\n", "\r"]
        var text = Substring(self)
        while let first = text.first, blanks.contains(first) { text = text.dropFirst() }
        while let last = text.last, blanks.contains(last) { text = text.dropLast() }
        return String(text)
    }
}

extension Substring {
    /// The substring without leading and trailing spaces and tabs (and a final carriage return).
    func trimmingBlanksSubstring() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
