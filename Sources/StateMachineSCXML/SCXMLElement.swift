import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An element of an SCXML document, with where its start tag is: what the reader of
/// ``SCXMLDocument`` works on. Text and comments are not kept: the subset read has none that
/// matter.
final class SCXMLElement {
    let name: String
    let attributes: [String: String]
    let line: Int
    let column: Int
    var children: [SCXMLElement] = []

    init(name: String, attributes: [String: String], line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.column = column
    }

    /// The children of these names, in document order.
    func children(_ names: String...) -> [SCXMLElement] {
        children.filter { names.contains($0.name) }
    }
}

/// Reads an XML text into its element tree with ``XMLParser`` (libxml2), keeping the location of
/// each start tag. A tag that closes another element than the open one, or an element left open,
/// is an error here: the parser of some platforms recovers from them silently.
final class SCXMLTreeReader: NSObject, XMLParserDelegate {
    private var stack: [SCXMLElement] = []
    private(set) var root: SCXMLElement?
    private var failure: (line: Int, column: Int, message: String)?
    private let lines: [[UInt8]]

    private init(data: Data) {
        lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    }

    /// The root element of `data`, or the parser's located error.
    static func root(of data: Data, file: String) throws(SCXMLError) -> SCXMLElement {
        let parser = XMLParser(data: data)
        let reader = SCXMLTreeReader(data: data)
        parser.delegate = reader
        parser.shouldProcessNamespaces = true
        let parsed = parser.parse()
        if let failure = reader.failure {
            throw SCXMLError(file: file, line: failure.line, column: failure.column, message: "not well-formed XML: \(failure.message)")
        }
        if !parsed || parser.parserError != nil || reader.root == nil {
            let error = parser.parserError.map { "\($0.localizedDescription)" } ?? "no root element"
            throw SCXMLError(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1),
                             message: "not well-formed XML: \(error)")
        }
        if let open = reader.stack.last {
            throw SCXMLError(file: file, line: open.line, column: open.column,
                             message: "not well-formed XML: <\(open.name)> is never closed")
        }
        return reader.root!
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        let (line, column) = startOfTag(qName ?? elementName, before: parser.lineNumber, parser.columnNumber)
        let element = SCXMLElement(name: elementName, attributes: attributeDict, line: line, column: column)
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard let open = stack.popLast(), open.name == elementName else {
            let (line, column) = startOfTag("/" + (qName ?? elementName), before: parser.lineNumber, parser.columnNumber)
            let opened = stack.last.map { "<\($0.name)> (line \($0.line))" } ?? "no open element"
            failure = failure ?? (line, column, "</\(elementName)> closes \(opened)")
            parser.abortParsing()
            return
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        // libxml2 recovers from some errors and parses on; the first one is the one to fix.
        guard failure == nil else { return }
        // The codes are libxml2's (xmlParserErrors), which Apple's XMLParser.ErrorCode shares.
        let code = (parseError as NSError).code
        let message: String
        switch code {
        case 76: message = stack.last.map { "this closing tag does not match <\($0.name)>, opened at line \($0.line)" }
            ?? "this closing tag does not match the element it closes"
        case 5: message = "the document ends before its elements are closed"
        case 4: message = "the document is empty"
        case 39, 40, 41: message = "an attribute needs a quoted value"
        case 38: message = "an attribute value contains < (write &lt;)"
        case 23, 26, 27: message = "an entity reference is broken or undeclared (write &amp; for &)"
        case 73: message = "a tag is not closed with >"
        default: message = "the XML parser stopped with libxml2 error \(code)"
        }
        failure = (max(parser.lineNumber, 1), max(parser.columnNumber, 1), message)
    }

    /// Where the tag `<name` that the parser reports at `line`, `column` (the end of the tag, for
    /// libxml2) begins: the last `<name` at or before that point. Columns count bytes from 1.
    private func startOfTag(_ name: String, before line: Int, _ column: Int) -> (Int, Int) {
        let needle = Array(("<" + name).utf8)
        var lineIndex = min(max(line, 1), lines.count) - 1
        var end = min(max(column, 1), lines.isEmpty ? 0 : lines[lineIndex].count)
        while lineIndex >= 0 {
            let text = lines[lineIndex]
            var start = min(end, text.count) - needle.count
            while start >= 0 {
                if Array(text[start..<(start + needle.count)]) == needle { return (lineIndex + 1, start + 1) }
                start -= 1
            }
            lineIndex -= 1
            if lineIndex >= 0 { end = lines[lineIndex].count }
        }
        return (max(line, 1), max(column, 1))
    }
}
