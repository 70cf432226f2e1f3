/// The `// sourcery:inline:…AutoStateMachineHashable` … `// sourcery:end` sections of a source:
/// code that Sourcery generated from Tinder's template and that the migration replaces.
struct SourceryInlineSections {

    /// Whole lines, from the opening marker's line to the end marker's line included.
    private(set) var ranges: [Range<Int>] = []

    /// Offsets of opening markers without an end marker.
    private(set) var unterminated: [Int] = []

    init(lines: SourceLines) {
        var open: Int?
        for line in lines.all {
            if open == nil, line.text.hasPrefix("// sourcery:inline:"), line.text.contains("AutoStateMachineHashable") {
                open = line.start
            } else if let start = open, line.text.hasPrefix("// sourcery:end") {
                ranges.append(start..<line.end)
                open = nil
            }
        }
        if let start = open { unterminated.append(start) }
    }

    func contains(_ offset: Int) -> Bool {
        ranges.contains { $0.contains(offset) }
    }
}
