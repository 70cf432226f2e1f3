import ArgumentParser
import StateMachine
import StateMachineFixtures

/// `statemachine graph [--format mermaid|dot] PATH`
struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the state diagram of a fixture's machine, as Mermaid or Graphviz DOT.",
        discussion: """
            One node per state case, one edge per handler and target, labelled with the event; \
            "[guard]" marks handlers that a where: or eq matcher decides, and an edge to "?" a \
            handler whose target is computed. Superstates and child machines are drawn as \
            nested states, regions side by side, history targets as a node H. Render DOT with \
            `dot -Tsvg`; GitHub renders Mermaid in a ```mermaid block.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case mermaid, dot
    }

    @Option(help: "The output format.")
    var format: Format = .mermaid

    @Argument(help: "A fixture file that defines its machine as data.")
    var path: String

    func run() throws {
        var standardError = StandardError()
        let fixture: Fixture
        do {
            fixture = try Fixture(contentsOf: path)
        } catch {
            print("MALFORMED \(error)", to: &standardError)
            throw ExitCode(1)
        }
        guard let diagram = fixture.diagram(format: format == .dot ? .dot : .mermaid) else {
            print("\(path): the fixture has no machine to draw: it checks a machine defined in code (draw that one with definition.diagram(format:)).", to: &standardError)
            throw ExitCode(1)
        }
        print(diagram, terminator: "")
    }
}
