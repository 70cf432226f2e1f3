import ArgumentParser

@main
struct StateMachineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statemachine",
        abstract: "Replays the shared JSON fixtures on the Swift state-machine engine.",
        subcommands: [Check.self, Trace.self, Port.self]
    )
}
