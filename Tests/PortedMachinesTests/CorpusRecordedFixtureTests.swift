import StateMachine
import StateMachineFixtures
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

    /// A machine in a class with a member function (`totalFor`) and a call kept by name (`address.trim()`, supplied in
    /// SuppliedFunctions.swift); the scenarios leave out the SAVE coupons, whose Swift handler is a placeholder.
    @Test func checkoutWithoutCoupons() {
        expectMachine(CorpusCheckout.definition(CheckoutCollaborators()), toPass: recorded("corpus-checkout-without-coupons"))
    }

    /// onEnter / onExit reported through the controller's logger, in Kotlin as in Swift, so they are compared too; the
    /// listener `(transition as? Valid)?.let { … } ?: logger.log(…)`.
    @Test func blePairing() {
        let recorder = FixtureListenerRecorder<CorpusBlePairing.State, CorpusBlePairing.Event>()
        expectMachine(CorpusBlePairing.definition(BlePairingCollaborators(recorder: recorder)), toPass: recorded("corpus-ble-pairing"),
            recorder: recorder)
    }

    /// A factory function with a `(DownloadSideEffect) -> Unit` parameter called from `it.sideEffect?.let(onSideEffect)`;
    /// `1L shl retries`; `(…).toInt()` kept by name and supplied in SuppliedFunctions.swift.
    @Test func download() {
        expectMachine(CorpusDownload.definition(DownloadCollaborators()), toPass: recorded("corpus-download"))
    }

    /// A factory that is an extension function (`FlagStore.rolloutStateMachine`): the receiver's methods are collaborators.
    @Test func featureFlagRollout() {
        expectMachine(CorpusFeatureFlag.definition(RolloutCollaborators()), toPass: recorded("corpus-feature-flag-rollout"))
    }

    /// `List<Card>` hands of a data class with an enum suit (fixture schemaVersion 3); the scenarios stop before
    /// RoundOver, whose onEnter is a porter placeholder in the Swift port.
    /// `Float` speeds, `Double` volumes, a nullable `artworkUrl` and a `Track` struct (fixture schemaVersion 3); the
    /// scenarios avoid Load, Failed and the Error state, whose Swift handlers are porter placeholders.
    @Test func mediaPlayer() {
        expectMachine(CorpusMediaPlayer.definition(MediaPlayerCollaborators()), toPass: recorded("corpus-media-player"))
    }

    @Test func gameRound() {
        expectMachine(CorpusGameRound.definition(GameRoundCollaborators()), toPass: recorded("corpus-game-round"))
    }
}

private struct MediaPlayerCollaborators: CorpusMediaPlayer.Collaborators {
    struct Analytics: CorpusMediaPlayer.PlaybackAnalytics {
        func track(_ event: String, _ trackId: String?, _ positionMillis: Int64) {}
        func error(_ cause: CorpusMediaPlayer.Throwable) {}
    }

    struct Engine: CorpusMediaPlayer.MediaEngine {
        func prepare(_ track: CorpusMediaPlayer.Track) {}
        func play(_ fromMillis: Int64, _ speed: Float) {}
        func pause() {}
        func seekTo(_ positionMillis: Int64) {}
        func setSpeed(_ speed: Float) {}
        func setVolume(_ volume: Double) {}
        func release() {}
    }

    let analytics: any CorpusMediaPlayer.PlaybackAnalytics = Analytics()
    /// PlayerStateMachine's defaults.
    let minSpeed: Float = 0.5
    let maxSpeed: Float = 2.0
    let engine: any CorpusMediaPlayer.MediaEngine = Engine()
}

private struct GameRoundCollaborators: CorpusGameRound.Collaborators {
    struct Sounds: CorpusGameRound.SoundPlayer {
        func play(_ name: String) {}
    }

    /// BlackjackRoundController's defaults.
    let startingBankroll: Int64 = 1_000
    let minimumBet: Int64 = 10
    let sounds: any CorpusGameRound.SoundPlayer = Sounds()
    func perform(_ sideEffect: CorpusGameRound.RoundSideEffect) {}
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

private struct CheckoutCollaborators: CorpusCheckout.Collaborators {
    struct Analytics: CorpusCheckout.Analytics {
        func track(_ event: String) {}
    }

    struct Payments: CorpusCheckout.PaymentGateway {
        func authorize(_ orderId: String, _ amountCents: Int64, _ currency: String) {}
        func capture(_ orderId: String) {}
        func void(_ orderId: String) {}
    }

    let analytics: any CorpusCheckout.Analytics = Analytics()
    let paymentGateway: any CorpusCheckout.PaymentGateway = Payments()
    /// As in Corpus/Recordings.kt, and CheckoutViewModel's default currency.
    let orderId = "order-1"
    let currency = "EUR"

    /// CheckoutViewModel's private `totalFor`: shipping (4.99) is free from 50.00.
    func totalFor(_ subtotalCents: Int64, _ discountCents: Int64) -> Int64 {
        let shipping: Int64 = subtotalCents - discountCents >= 50_00 ? 0 : 4_99
        return subtotalCents - discountCents + shipping
    }
}

private struct BlePairingCollaborators: CorpusBlePairing.Collaborators {
    /// As Corpus/Recordings.kt's FixedTime: 2023-11-14T22:13:20Z.
    struct FixedTime: CorpusBlePairing.TimeSource {
        func nowMillis() -> Int64 { 1_700_000_000_000 }
    }

    /// Reports onEnter / onExit to the fixture check, as the Kotlin recording's logger does.
    struct Logger: CorpusBlePairing.PairingLogger {
        let recorder: FixtureListenerRecorder<CorpusBlePairing.State, CorpusBlePairing.Event>
        func entered(_ state: CorpusBlePairing.PairingState, _ cause: CorpusBlePairing.PairingEvent) { recorder.onEnter(state, cause) }
        func exited(_ state: CorpusBlePairing.PairingState, _ cause: CorpusBlePairing.PairingEvent) { recorder.onExit(state, cause) }
        func log(_ message: String) {}
    }

    let timeSource: any CorpusBlePairing.TimeSource = FixedTime()
    let logger: any CorpusBlePairing.PairingLogger

    init(recorder: FixtureListenerRecorder<CorpusBlePairing.State, CorpusBlePairing.Event>) {
        logger = Logger(recorder: recorder)
    }

    /// BlePairingController's private `perform`: the scanner and the bond manager are do-nothing fakes.
    func perform(_ sideEffect: CorpusBlePairing.PairingSideEffect?) {}
}

private struct RolloutCollaborators: CorpusFeatureFlag.Collaborators {
    struct Audit: CorpusFeatureFlag.AuditLog {
        func record(_ flagKey: String, _ message: String) {}
    }

    struct Pager: CorpusFeatureFlag.Pager {
        func alert(_ message: String) {}
    }

    /// RolloutPolicy's defaults, and the flag of Corpus/Recordings.kt.
    let policy = CorpusFeatureFlag.RolloutPolicy(maxErrorPermille: 5, maxP99LatencyMillis: 800, minStepPercent: 5)
    let audit: any CorpusFeatureFlag.AuditLog = Audit()
    let pager: any CorpusFeatureFlag.Pager = Pager()
    let flagKey = "new_checkout"

    func setPercentage(_ flagKey: String, _ percent: Int) {}
}

private struct DownloadCollaborators: CorpusDownload.Collaborators {
    /// As Corpus/Recordings.kt: `downloadStateMachine(maxRetries = 3)`, side effects ignored.
    let maxRetries = 3
    let onSideEffect: (CorpusDownload.DownloadSideEffect) -> Void = { _ in }
}
