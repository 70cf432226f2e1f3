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
/// each start tag.
final class SCXMLTreeReader: NSObject, XMLParserDelegate {
    private var stack: [SCXMLElement] = []
    private(set) var root: SCXMLElement?
    private weak var parser: XMLParser?

    /// The root element of `data`, or the parser's located error.
    static func root(of data: Data, file: String) throws(SCXMLError) -> SCXMLElement {
        let parser = XMLParser(data: data)
        let reader = SCXMLTreeReader()
        reader.parser = parser
        parser.delegate = reader
        parser.shouldProcessNamespaces = true
        if !parser.parse() || reader.root == nil {
            let error = parser.parserError.map { "\($0.localizedDescription)" } ?? "no root element"
            throw SCXMLError(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1),
                             message: "not well-formed XML: \(error)")
        }
        return reader.root!
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        let element = SCXMLElement(name: elementName, attributes: attributeDict,
                                   line: parser.lineNumber, column: parser.columnNumber)
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        stack.removeLast()
    }
}
