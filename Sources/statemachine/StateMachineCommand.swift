import ArgumentParser

@main
struct StateMachineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statemachine",
        abstract: "Checks, traces and draws the shared JSON fixtures; ports Kotlin machines; compares a Swift and a Kotlin machine; migrates code written for Tinder's StateMachine.",
        discussion: ExitStatus.table,
        subcommands: [Check.self, Trace.self, Graph.self, Port.self, Compare.self, Migrate.self]
    )
}
