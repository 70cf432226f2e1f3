import ArgumentParser

@main
struct StateMachineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statemachine",
        abstract: "Checks, traces and draws the shared JSON fixtures; ports Kotlin machines; migrates code written for Tinder's StateMachine.",
        discussion: ExitStatus.table,
        subcommands: [Check.self, Trace.self, Graph.self, Port.self, Migrate.self]
    )
}
