import ArgumentParser
import Foundation
import StateMachine
import StateMachineFixtures

/// `statemachine graph [--format mermaid|dot|svg|png] [-o PATH] PATH...`
struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the state diagrams of fixture machines, as Mermaid, Graphviz DOT, SVG or PNG.",
        discussion: """
            One node per state case, one edge per handler and target, labelled with the event; \
            "[guard]" marks handlers that a where: or eq matcher decides, and an edge to "?" a \
            handler whose target is computed; "/ sideEffect" the side effects an emit names by \
            value or make, and "after 30 s" the delay of a state's after. Superstates and child \
            machines are drawn as nested states, regions side by side (dashed clusters in DOT), \
            each level with its initial marker, history targets as a node H. GitHub renders \
            Mermaid in a ```mermaid block; svg and png are drawn by Graphviz's dot, which must be \
            on PATH.

            One fixture is printed (or written to -o FILE). Several, or a folder, are printed one \
            after another, each after a comment line naming its file, or written to -o FOLDER as \
            one NAME.FORMAT per fixture (svg and png need -o then). In a folder, fixtures without \
            a machine are skipped; a malformed file is reported and the others are still drawn.

            \(ExitStatus.reference)
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case mermaid, dot, svg, png

        var isPicture: Bool { self == .svg || self == .png }
    }

    @Option(help: "The output format.")
    var format: Format = .mermaid

    @Option(name: [.short, .customLong("output")], help: "A file for one fixture, or a folder for several.")
    var output: String?

    @Argument(help: "Fixture files that define their machine as data, or folders whose *.json files are read.")
    var paths: [String]

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one fixture file or folder") }
    }

    func run() throws {
        var standardError = StandardError()
        let graphviz = Graphviz()
        if format.isPicture, graphviz == nil {
            print("statemachine graph: --format \(format.rawValue) needs \(Graphviz.installAdvice)", to: &standardError)
            throw ExitStatus.missingProgram
        }
        let files: [String]
        do {
            files = try FileSystem.fixtureFiles(at: paths)
        } catch {
            throw pathError("\(error)")
        }
        let named = Set(paths.filter { !FileSystem.isDirectory($0) })
        let several = files.count > 1 || paths.contains { FileSystem.isDirectory($0) }
        let destination = try Destination(output: output, several: several, format: format)

        var drawn = 0
        var problems = 0
        for file in files {
            let fixture: Fixture
            do {
                fixture = try Fixture(contentsOf: file)
            } catch {
                print("MALFORMED \(error)", to: &standardError)
                problems += 1
                continue
            }
            guard let diagram = fixture.diagram(format: format == .mermaid ? .mermaid : .dot) else {
                if named.contains(file) {
                    print("\(file): the fixture has no machine to draw: it checks a machine defined in code (draw that one with definition.diagram(format:)).", to: &standardError)
                    problems += 1
                }
                continue
            }
            do {
                let bytes = format.isPicture
                    ? try graphviz!.render(diagram, format: format.rawValue)
                    : Data(diagram.utf8)
                try destination.write(bytes, of: file, header: several)
                drawn += 1
            } catch {
                print("\(file): \(error)", to: &standardError)
                problems += 1
            }
        }
        if drawn == 0, problems == 0 {
            print("nothing was drawn: no fixture with a machine in \(paths.joined(separator: ", "))", to: &standardError)
            throw ExitStatus.problems
        }
        if problems > 0 { throw ExitStatus.problems }
    }
}

/// Where `graph` puts its diagrams: standard output, one file, or one file per fixture in a folder.
private enum Destination {
    case standardOutput(Graph.Format)
    case file(String)
    case folder(String, Graph.Format)

    init(output: String?, several: Bool, format: Graph.Format) throws {
        guard let output else {
            if several, format.isPicture {
                throw pathError("several fixtures drawn as \(format.rawValue) need -o FOLDER, to write one picture each")
            }
            self = .standardOutput(format)
            return
        }
        if FileSystem.isDirectory(output) {
            self = .folder(output, format)
        } else if several {
            if FileManager.default.fileExists(atPath: output) {
                throw pathError("\(output): not a folder, and several fixtures are drawn: give -o a folder")
            }
            do {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
            } catch {
                throw pathError("\(output): cannot make the folder: \(error.localizedDescription)")
            }
            self = .folder(output, format)
        } else {
            self = .file(output)
        }
    }

    /// Writes the diagram of `file`; on standard output, after a comment naming the file when
    /// several are drawn.
    func write(_ bytes: Data, of file: String, header: Bool) throws {
        switch self {
        case .standardOutput(let format):
            if header {
                let comment = format == .mermaid ? "%%" : "//"
                FileHandle.standardOutput.write(Data("\(comment) \(file)\n".utf8))
            }
            FileHandle.standardOutput.write(bytes)
        case .file(let path):
            try bytes.write(to: URL(fileURLWithPath: path))
        case .folder(let folder, let format):
            let name = FileSystem.baseName(file, removingSuffix: ".json") + "." + format.rawValue
            try bytes.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
        }
    }
}
