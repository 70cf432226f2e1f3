/// A replacement of a byte range of the source, in UTF-8 offsets.
struct TextEdit {
    let start: Int
    let end: Int
    let replacement: String

    static func insert(_ text: String, at offset: Int) -> TextEdit {
        TextEdit(start: offset, end: offset, replacement: text)
    }

    static func remove(_ start: Int, _ end: Int) -> TextEdit {
        TextEdit(start: start, end: end, replacement: "")
    }

    /// Applies non-overlapping edits; of two overlapping edits the one that starts later is dropped.
    static func apply(_ edits: [TextEdit], to source: String) -> String {
        let bytes = Array(source.utf8)
        let ordered = edits.enumerated().sorted {
            ($0.element.start, $0.element.end, $0.offset) < ($1.element.start, $1.element.end, $1.offset)
        }.map(\.element)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var cursor = 0
        for edit in ordered where edit.start >= cursor {
            result.append(contentsOf: bytes[cursor..<edit.start])
            result.append(contentsOf: edit.replacement.utf8)
            cursor = edit.end
        }
        result.append(contentsOf: bytes[cursor...])
        return String(decoding: result, as: UTF8.self)
    }
}
