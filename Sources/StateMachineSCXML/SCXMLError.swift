/// A problem of an SCXML document: where it is and what to change.
///
/// `description` reads `file:line:column: message`, as the compiler's errors do, so that editors
/// jump to it.
public struct SCXMLError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "\(file):\(line):\(column): \(message)" }
}
