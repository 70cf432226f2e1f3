import StateMachine
import StateMachineFixturesTesting
import Testing

// The proof that a port agrees with its Kotlin original: scripts/port-record records these fixtures
// from the Kotlin example machines with the Kotlin record helper (their `origin` says so), and here
// the ported Swift machines must reproduce every recorded step. The ported enums are `Codable`, so
// no mapping is written by hand.

private func recorded(_ name: String) -> String {
    let here = #filePath
    let folder = here[..<here.lastIndex(of: "/")!]
    return "\(folder)/Fixtures/\(name)-recorded.json"
}

@Suite("Ported machines reproduce the fixtures recorded from Kotlin")
struct RecordedFixtureTests {

    @Test func matter() {
        expectMachine(MatterStateMachine.definition, toPass: recorded("matter"))
    }

    @Test func turnstileWithCredit() {
        expectMachine(TurnstileStateMachine.definition, toPass: recorded("turnstile"))
    }

    @Test func onboardingFlow() {
        expectMachine(OnboardingFlow.definition, toPass: recorded("onboarding"))
    }

    @Test func downloadWithGuardsAndListeners() {
        expectMachine(DownloadStateMachine.definition, toPass: recorded("download"))
    }

    /// A corpus machine built inside a class (Tests/Kotlin/PorterTests/Corpus/RideTrip): its port takes the class's
    /// collaborators; the Kotlin recording used do-nothing fakes, and `fareFor` is the Kotlin member function's body.
    @Test func corpusRideTrip() {
        expectMachine(CorpusRideTrip.definition(TripCollaborators()), toPass: recorded("corpus-ride-trip"))
    }
}

private struct TripCollaborators: CorpusRideTrip.Collaborators {
    struct View: CorpusRideTrip.TripView {
        func showTitle(_ title: String) {}
        func showMessage(_ message: String) {}
    }

    struct Service: CorpusRideTrip.RideService {
        func searchDrivers(_ pickup: String) {}
        func charge(_ cents: Int64) {}
    }

    let view: any CorpusRideTrip.TripView = View()
    let rideService: any CorpusRideTrip.RideService = Service()

    /// TripPresenter's defaults, which its private `fareFor` (ported) reads.
    let baseFareCents: Int64 = 250
    let centsPerKm: Int64 = 120
}
