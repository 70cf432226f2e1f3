import ArgumentParser
import Foundation
import StateMachine
import StateMachineFixtures
import StateMachineCommandSupport

/// `statemachine graph [--format mermaid|dot|svg|png] [-o PATH] PATH...`
struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the state diagrams of fixture machines, as Mermaid, Graphviz DOT, SVG or PNG.",
        discussion: """
            One node per state case, one edge per branch of a handler and target, labelled with \
            the event, its guard in brackets (a where: or eq matcher, the condition of an if \
            branch: "[state.credit + event.value >= 50]"), and "/ sideEffect", that branch's \
            emit; "after 30 s" is the delay of a state's after. A transition whose target is \
            computed (a ref) goes to a node "? (computed)", which a legend line explains. \
            Superstates and child machines are drawn as nested states, regions side by side \
            (dashed clusters in DOT), each level with its initial marker, history targets as a \
            node H. Names and labels longer than 200 characters are cut, with "… (N more)". \
            GitHub renders Mermaid in a ```mermaid block; svg and png are drawn by Graphviz's \
            dot, which must be on PATH.

            One fixture is printed (or written to -o FILE). Several, or a folder, are printed one \
            after another, each after a comment line naming its file, or written to -o FOLDER as \
            one NAME.FORMAT per fixture (svg and png need -o then). In a folder, fixtures without \
            a machine are skipped; a malformed file is reported and the others are still drawn. \
            Nothing is written, with exit status 64, when -o would replace a fixture it reads or \
            two fixtures of one name would be drawn to one file.

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

        // Every diagram is drawn before anything is written, so that an output that would
        // replace an input, or two diagrams bound for one file, stop the run with nothing written.
        var drawn: [(file: String, bytes: Data)] = []
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
                drawn.append((file, bytes))
            } catch {
                print("\(file): \(error)", to: &standardError)
                problems += 1
            }
        }
        try destination.check(drawn.map(\.file), inputs: files)
        if !drawn.isEmpty { try destination.prepare() }
        for (file, bytes) in drawn {
            do {
                try destination.write(bytes, of: file, header: several)
            } catch {
                print("\(file): \(error)", to: &standardError)
                problems += 1
            }
        }
        if drawn.isEmpty, problems == 0 {
            print("nothing was drawn: no fixture with a machine in \(paths.joined(separator: ", "))", to: &standardError)
            throw ExitStatus.problems
        }
        if problems > 0 { throw ExitStatus.problems }
    }
}

/// Where `graph` puts its diagrams: standard output, one file, or one file per fixture in a
/// folder, made when the first is written.
private enum Destination {
    case standardOutput(Graph.Format)
    case file(String, Graph.Format)
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
            self = .folder(output, format)
        } else {
            self = .file(output, format)
        }
    }

    /// The file the diagram of `file` goes to; nil on standard output.
    func path(of file: String) -> String? {
        switch self {
        case .standardOutput: nil
        case .file(let path, _): path
        case .folder(let folder, let format):
            URL(fileURLWithPath: folder).appendingPathComponent(FileSystem.baseName(file, removingSuffix: ".json") + "." + format.rawValue).relativePath
        }
    }

    /// Refuses, before anything is written, an output that is one of the `inputs` (`-o m.json
    /// m.json` would replace the fixture) and two of the `drawn` files bound for one output
    /// (`a/m.json` and `b/m.json` in one folder).
    ///
    /// - Throws: ``ExitStatus/usage``, after saying which files and what to do.
    func check(_ drawn: [String], inputs: [String]) throws {
        var outputs: [String: String] = [:]
        for file in drawn {
            guard let path = path(of: file) else { return }
            if let input = inputs.first(where: { Self.isSameFile(path, $0) }) {
                let suggestion = FileSystem.baseName(input, removingSuffix: ".json") + "." + format.rawValue
                throw pathError(
                    "-o \(path) is the fixture \(input), which graph reads: writing the diagram there would replace it. Give -o another file or folder (e.g. -o \(suggestion)); nothing was written."
                )
            }
            let key = Self.fileSystemKey(path)
            if let other = outputs[key] {
                throw pathError(
                    "\(other) and \(file) would both be drawn to \(path): draw them into different folders (a run each), or rename one of them; nothing was written."
                )
            }
            outputs[key] = file
        }
    }

    /// The format the diagrams are written in.
    private var format: Graph.Format {
        switch self {
        case .standardOutput(let format), .file(_, let format), .folder(_, let format): format
        }
    }

    /// Whether `output` names the file `input` is: the same device and inode when both exist
    /// (a link, `./m.json` and `m.json`, a hard link), never when `output` does not exist yet.
    private static func isSameFile(_ output: String, _ input: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(output, &a) == 0, stat(input, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// What tells two output paths apart where they are written: the path itself, case folded
    /// on macOS and Windows, whose file systems ignore case by default.
    private static func fileSystemKey(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        #if os(macOS) || os(Windows)
        return absolute.lowercased()
        #else
        return absolute
        #endif
    }

    /// Makes the folder the diagrams go to when it does not exist yet.
    func prepare() throws {
        guard case .folder(let folder, _) = self, !FileSystem.isDirectory(folder) else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        } catch {
            throw pathError("\(folder): cannot make the folder: \(error.localizedDescription)")
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
        case .file(let path, _), .folder(let path, _):
            try bytes.write(to: URL(fileURLWithPath: self.path(of: file) ?? path))
        }
    }
}
