import ArgumentParser
import StateMachineSCXML
import StateMachineCommandSupport
import Foundation

/// `statemachine scxml FILE.scxml [--output FILE.json]`
struct SCXML: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scxml",
        abstract: "Convert an SCXML document into a fixture machine file that both runtimes run (Spec/FIXTURES.md).",
        discussion: """
            Writes a fixture (schemaVersion 2) whose machine runs to completion (R32-R37) and whose \
            scenarios are [] for you to add; `statemachine trace --starts-only FILE.json` shows what it \
            does from its start. It converts <state>, <parallel> and <final> nested to any depth, \
            <initial> and <history>, <transition> with event descriptors (`*`, prefixes), no event (eventless), \
            no target (targetless), several targets, type="internal", In() conditions and content, and \
            <raise>, <send> to the machine itself (delayed or not), <if>, <assign> of integer and boolean \
            variables (<datamodel>) and <log> in <onentry>/<onexit>: \
            compound states become superstates, and a document that superstates cannot say (a <parallel>, \
            say) is converted by configurations, one state per configuration (Docs/CommandLine.md). \
            Anything else is an error that names its line and what is missing, never a machine that \
            runs differently.

            \(ExitStatus.reference)
            """
    )

    @Argument(help: "The SCXML document.")
    var document: String

    @Option(name: .shortAndLong, help: "Write the fixture here instead of standard output; its base name is the fixture's name.")
    var output: String?

    @Flag(help: "Write the same machine as Swift DSL code instead: an enum named after the output file (or the document) that is a StateMachineBuilder, with its State, Event and definition.")
    var swift = false

    func run() throws {
        var standardError = StandardError()
        let name = output.map { Self.baseName($0) } ?? Self.baseName(document)
        let text: String
        do {
            let fixture = try SCXMLDocument(contentsOf: document).fixture(file: document, name: name)
            text = swift ? try SCXMLSwiftSource.make(fixture: fixture, typeName: SCXMLSwiftSource.typeName(name), file: document) : fixture
        } catch {
            print("\(error)", to: &standardError)
            throw ExitStatus.problems
        }
        guard let output else {
            print(text, terminator: "")
            return
        }
        do {
            try text.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            print("cannot write \(output): \(error.localizedDescription)", to: &standardError)
            throw ExitStatus.problems
        }
    }

    static func baseName(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".json", ".scxml", ".swift"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        return name
    }
}
