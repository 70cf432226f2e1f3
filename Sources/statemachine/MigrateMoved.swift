import ArgumentParser
import StateMachineCommandSupport

/// `statemachine migrate …`, which is now the command `statemachine-migrate`: says what to type instead of
/// "unexpected argument". `migrate` parses Swift with swift-syntax, which takes minutes to build, so it lives
/// in its own executable and `statemachine` (check, trace, graph, port, compare) builds without it.
struct MigrateMoved: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Moved to its own command, statemachine-migrate (scripts/statemachine migrate runs it).",
        shouldDisplay: false
    )

    @Argument(parsing: .allUnrecognized)
    var arguments: [String] = []

    func run() throws {
        var standardError = StandardError()
        let rest = arguments.map { " " + $0 }.joined()
        print("""
            Error: migrate is a command of its own, statemachine-migrate, so that this one builds without swift-syntax:
                scripts/statemachine migrate\(rest)      (in a checkout of this package)
                swift run statemachine-migrate\(rest)    (the same, by hand)
                swift package --allow-writing-to-package-directory statemachine-migrate\(rest)    (in a package that depends on it)
            """, to: &standardError)
        throw ExitStatus.usage
    }
}
