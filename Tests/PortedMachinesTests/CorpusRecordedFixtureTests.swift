import StateMachine
import StateMachineFixturesTesting
import Testing

// Corpus machines (Tests/Kotlin/PorterTests/Corpus) recorded from Kotlin by scripts/port-record, with do-nothing fakes
// for their collaborators (Corpus/Recordings.kt), and replayed here on their Swift ports, which take the same fakes.

private func recorded(_ name: String) -> String {
    let here = #filePath
    let folder = here[..<here.lastIndex(of: "/")!]
    return "\(folder)/Fixtures/\(name)-recorded.json"
}

@Suite("Corpus ports reproduce the fixtures recorded from their Kotlin machines")
struct CorpusRecordedFixtureTests {

    /// Enum class payloads (`Colour`, written `{"redAmber": {}}`) and `Unit` side effects (`"unit"`).
    @Test func trafficLight() {
        expectMachine(CorpusTrafficLight.definition(TrafficLightCollaborators()), toPass: recorded("corpus-traffic-light"))
    }
}

private struct TrafficLightCollaborators: CorpusTrafficLight.Collaborators {
    struct Lamps: CorpusTrafficLight.LampDriver {
        func show(_ colour: CorpusTrafficLight.Colour) {}
        func flash(_ colour: CorpusTrafficLight.Colour) {}
        func allOff() {}
    }

    struct Timer: CorpusTrafficLight.PhaseTimer {
        func start(_ durationMillis: Int64) {}
        func cancel() {}
    }

    let lamps: any CorpusTrafficLight.LampDriver = Lamps()
    let timer: any CorpusTrafficLight.PhaseTimer = Timer()
    /// TrafficLightController's default.
    let pedestrianGreenShortening: Int64 = 10_000

    /// TrafficLightController's private `next(colour)`.
    func next(_ colour: CorpusTrafficLight.Colour) -> CorpusTrafficLight.Colour {
        switch colour {
        case .red: .redAmber
        case .redAmber: .green
        case .green: .amber
        case .amber: .red
        }
    }
}
