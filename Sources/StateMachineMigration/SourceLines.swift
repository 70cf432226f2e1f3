/// Line boundaries of a source, in UTF-8 offsets, for edits that remove whole lines.
struct SourceLines {
    let bytes: [UInt8]

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// The offset where the line holding `offset` starts.
    func lineStart(of offset: Int) -> Int {
        var index = offset
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The offset just after the newline that ends the line holding `offset` (or the end of the source).
    func lineEnd(of offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return min(index + 1, bytes.count)
    }

    /// The text of the line holding `offset`, without its newline and surrounding blanks.
    func trimmedLine(at offset: Int) -> String {
        let start = lineStart(of: offset)
        var end = lineEnd(of: offset)
        if end > start, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self).trimmingBlanks()
    }

    /// Every line as (start offset, end offset after its newline, trimmed text).
    var all: [(start: Int, end: Int, text: String)] {
        var lines: [(Int, Int, String)] = []
        var start = 0
        while start < bytes.count {
            let end = lineEnd(of: start)
            lines.append((start, end, trimmedLine(at: start)))
            start = end
        }
        return lines
    }
}
