import ArgumentParser
import StateMachineCommandSupport

@main
struct StateMachineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statemachine",
        abstract: "Checks, traces and draws the shared JSON fixtures; ports Kotlin machines; compares a Swift and a Kotlin machine. (Code written for Tinder's StateMachine is migrated by statemachine-migrate.)",
        discussion: ExitStatus.table,
        subcommands: [Check.self, Trace.self, Graph.self, Port.self, Compare.self, SCXML.self, MigrateMoved.self]
    )
}
