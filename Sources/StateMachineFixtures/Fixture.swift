/// A fixture file, read and checked: a machine (optional) and scenarios with their expected
/// results (FORMAT-CONTRACT.md, format 1).
///
/// ```swift
/// let fixture = try Fixture(contentsOf: "Fixtures/seed-004-matter.json")
/// for failure in fixture.replay() { print(failure) }     // the fixture's own machine
/// ```
public struct Fixture: Sendable {

    /// The file as it was named when loading, used in error messages.
    public let file: String
    /// The fixture's `name`: its file name without `.json`.
    public let name: String
    /// The fixture's `description`.
    public let summary: String
    /// The rule ids the fixture exercises, `["R2", "R7"]`.
    public let rules: [String]
    /// The scenario names, in file order.
    public var scenarioNames: [String] { scenarios.map(\.name) }
    /// Whether the file defines its machine as data (`machine`), so that ``replay()`` can run it.
    public var hasMachine: Bool { machine != nil }
    /// Whether the file has scenarios to check: a machine file (`"scenarios": []`) has none.
    public var hasScenarios: Bool { !scenarios.isEmpty }

    let machine: MachineTable?
    let scenarios: [Scenario]
    let locator: JSONLocator

    /// Reads the fixture file at `path`.
    ///
    /// - Throws: ``FixtureError`` naming the file, line, column and document path of the first
    ///   problem, and what was expected there.
    public init(contentsOf path: String) throws(FixtureError) {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw FixtureError(file: path, line: 1, column: 1, path: nil, message: "cannot read the file: \(error.reason)")
        }
        try self.init(bytes: bytes, file: path)
    }

    /// Reads a fixture from its JSON text; `file` names it in errors and must end in the
    /// fixture's `name` followed by `.json`.
    ///
    /// - Throws: ``FixtureError``.
    public init(text: String, file: String) throws(FixtureError) {
        try self.init(bytes: Array(text.utf8), file: file)
    }

    init(bytes: [UInt8], file: String, backend: FixtureJSON.Backend = .platformDefault) throws(FixtureError) {
        self.file = file
        locator = JSONLocator(bytes)
        let json: JSON
        do {
            json = try FixtureJSON.parse(bytes, backend: backend)
        } catch {
            let position = locator.position(ofOffset: error.offset)
            throw FixtureError(
                file: file, line: position.line, column: position.column,
                path: error.path == .root ? nil : error.path.description,
                message: error.message
            )
        }
        let contents: FixtureReader.Contents
        do {
            contents = try FixtureReader().read(Node(json: json, path: .root), fileName: FileSystem.baseName(file, removingSuffix: ".json"))
        } catch {
            throw Self.locate(error, file: file, locator: locator)
        }
        name = contents.name
        summary = contents.description
        rules = contents.rules
        machine = contents.machine
        scenarios = contents.scenarios
    }

    static func locate(_ error: InputError, file: String, locator: JSONLocator) -> FixtureError {
        let position = locator.position(of: error.path, atKey: error.atKey) ?? JSONLocator.Position(line: 1, column: 1)
        return FixtureError(file: file, line: position.line, column: position.column, path: error.path.description, message: error.message)
    }

    func locate(_ error: InputError) -> FixtureError {
        Self.locate(error, file: file, locator: locator)
    }
}
