import Foundation
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

    /// onEnter / onExit reported through the controller's logger, in Kotlin as in Swift, so they are compared too; the
    /// listener `(transition as? Valid)?.let { … } ?: logger.log(…)`.
    @Test func blePairing() {
        let recorder = FixtureListenerRecorder<CorpusBlePairing.State, CorpusBlePairing.Event>()
        expectMachine(CorpusBlePairing.definition(BlePairingCollaborators(recorder: recorder)), toPass: recorded("corpus-ble-pairing"),
            recorder: recorder)
    }

    /// A factory function with a `(DownloadSideEffect) -> Unit` parameter called from `it.sideEffect?.let(onSideEffect)`;
    /// `1L shl retries`; `(received * 100 / totalBytes).toInt()` is `Int(received * 100 / totalBytes)`.
    @Test func download() {
        expectMachine(CorpusDownload.definition(DownloadCollaborators()), toPass: recorded("corpus-download"))
    }

    /// A factory that is an extension function (`FlagStore.rolloutStateMachine`): the receiver's methods are collaborators.
    @Test func featureFlagRollout() {
        expectMachine(CorpusFeatureFlag.definition(RolloutCollaborators()), toPass: recorded("corpus-feature-flag-rollout"))
    }

    /// A machine in a class with a member function (`totalFor`) and calls kept by name (`address.trim()`,
    /// `code.removePrefix("SAVE")`, supplied in SuppliedFunctions.swift); `toIntOrNull() ?: 0` is `Int(…) ?? 0`.
    @Test func checkout() {
        expectMachine(CorpusCheckout.definition(CheckoutCollaborators()), toPass: recorded("corpus-checkout"))
    }

    /// The listener compares `fromState::class != toState::class` (the cases' `hashableIdentifier`) and reads
    /// `toState::class.java.simpleName`; it runs on every transition of the replay.
    @Test func login() {
        expectMachine(CorpusLogin.definition(LoginCollaborators()), toPass: recorded("corpus-login"))
    }

    /// `when (it) { is Valid -> …; is Invalid -> … }` reading `fromState::class.simpleName` and the invalid transition's
    /// `event` and `fromState`; `Unit` side effects; the initial state from the workflow's constructor.
    @Test func orderFulfilment() {
        expectMachine(CorpusOrderFulfilment.definition(OrderCollaborators()), toPass: recorded("corpus-order-fulfilment"))
    }

    /// A listener reading `it.fromState` and `it.event` on every transition, valid or invalid.
    @Test func camera() {
        expectMachine(CorpusCamera.definition(CameraCollaborators()), toPass: recorded("corpus-camera"))
    }

    /// `javaClass.simpleName` of the state in `onEnter`; `when (it)` over the transition with an invalid branch.
    @Test func onboardingWizard() {
        expectMachine(CorpusOnboarding.definition(OnboardingCollaborators()), toPass: recorded("corpus-onboarding-wizard"))
    }

    /// `val (next, sideEffect) = reconnectAfter(attempt)` (a `Pair`), `it::class.simpleName` in `onExit`, the invalid
    /// transition read in `?: run { … }`, and a trailing lambda given to the scheduler.
    @Test func chatConnection() {
        expectMachine(CorpusChatConnection.definition(ChatCollaborators()), toPass: recorded("corpus-chat-connection"))
    }

    /// `val edited = when (it) { … }` and `when (it.status) { 409 -> …; in 500..599 -> …; else -> … }` as `switch`
    /// expressions; `edited.copy(…)`, `errors.size`, `errors.firstOrNull() ?: ""`.
    @Test func signUpForm() {
        expectMachine(CorpusFormValidation.definition(SignUpFormCollaborators()), toPass: recorded("corpus-sign-up-form"))
    }

    /// `mapOf("code" to …)` given to the metrics, `userIdFor(token)?.let { … } ?: transitionTo(…)` in a handler, and
    /// the invalid transition's `event.javaClass.simpleName` in the listener's else branch.
    @Test func webSocketSession() {
        expectMachine(CorpusWebSocketSession.definition(WebSocketCollaborators()), toPass: recorded("corpus-websocket-session"))
    }

    /// `Float` speeds, `Double` volumes, a nullable `artworkUrl` and a `Track` struct (fixture schemaVersion 3); the
    /// scenarios avoid Load, Failed and the Error state, whose Swift handlers are porter placeholders.
    @Test func mediaPlayer() {
        expectMachine(CorpusMediaPlayer.definition(MediaPlayerCollaborators()), toPass: recorded("corpus-media-player"))
    }

    /// `List<Card>` hands of a data class with an enum suit (fixture schemaVersion 3); the scenarios stop before
    /// RoundOver, whose onEnter is a porter placeholder in the Swift port.
    @Test func gameRound() {
        expectMachine(CorpusGameRound.definition(GameRoundCollaborators()), toPass: recorded("corpus-game-round"))
    }

    /// `Char` slots and `Map<Char, Int>` stock (fixture schemaVersion 3): the port codes each `Character` as a
    /// one-character string, `{"select": {"slot": "A"}}` and `{"$map": [["A", 1]]}`.
    @Test func vendingMachine() {
        expectMachine(CorpusVendingMachine.definition(Vending()), toPass: recorded("corpus-vending-machine"))
    }

    /// `Instant`s in states and events, a `Throwable` in the grace period (SPEC.md, R30): the Kotlin recording's clock
    /// is fixed at 1970-01-01T00:00:00Z, and the machine's defaults are a 7-day trial and a 3-day grace period.
    @Test func subscription() {
        expectMachine(CorpusSubscription.definition(SubscriptionCollaborators()), toPass: recorded("corpus-subscription"))
    }
}

private struct SubscriptionCollaborators: CorpusSubscription.Collaborators {
    struct Entitlements: CorpusSubscription.EntitlementStore {
        func grant(_ entitlements: Set<String>) {}
        func revokeAll() {}
    }

    struct Billing: CorpusSubscription.BillingClient {
        func charge(_ plan: CorpusSubscription.Plan, _ amount: Double) {}
    }

    struct Notifications: CorpusSubscription.Notifications {
        func paymentProblem(_ message: String, _ retryAt: Date) {}
        func remindAt(_ at: Date) {}
    }

    let now = Date(timeIntervalSince1970: 0)
    let trialLength: Duration = .seconds(7 * 86_400)
    let entitlements: any CorpusSubscription.EntitlementStore = Entitlements()
    let gracePeriod: Duration = .seconds(3 * 86_400)
    let billing: any CorpusSubscription.BillingClient = Billing()
    let notifications: any CorpusSubscription.Notifications = Notifications()
}

private struct MediaPlayerCollaborators: CorpusMediaPlayer.Collaborators {
    struct Analytics: CorpusMediaPlayer.PlaybackAnalytics {
        func track(_ event: String, _ trackId: String?, _ positionMillis: Int64) {}
        func error(_ cause: CorpusMediaPlayer.KotlinThrowable) {}
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

/// BlackjackRoundController's constructor parameters and properties; a class, as the handlers set `highScore`.
final class GameRoundCollaborators: CorpusGameRound.Collaborators {
    struct Sounds: CorpusGameRound.SoundPlayer {
        func play(_ name: String) {}
    }

    final class Leaderboard: CorpusGameRound.Leaderboard {
        var submitted: [(playerId: String, score: Int64)] = []
        func submit(_ playerId: String, _ score: Int64) { submitted.append((playerId, score)) }
    }

    /// BlackjackRoundController's defaults.
    let startingBankroll: Int64 = 1_000
    let minimumBet: Int64 = 10
    /// `private var highScore = startingBankroll`.
    var highScore: Int64 = 1_000
    let playerId = "p1"
    let scores = Leaderboard()
    var leaderboard: any CorpusGameRound.Leaderboard { scores }
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

    /// As Corpus/Recordings.kt: a scanner and a bond manager that do nothing. The controller's private `perform`,
    /// which calls them, is ported.
    struct Scanner: CorpusBlePairing.BleScanner {
        func startScan() {}
        func stopScan() {}
    }

    struct Bonds: CorpusBlePairing.BondManager {
        func createBond(_ address: String) {}
        func readBatteryLevel(_ address: String) {}
    }

    let scanner: any CorpusBlePairing.BleScanner = Scanner()
    let bondManager: any CorpusBlePairing.BondManager = Bonds()
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

private struct LoginCollaborators: CorpusLogin.Collaborators {
    /// LoginStateMachine's default.
    let maxAttempts = 3
    let logger: any CorpusLogin.Logger = LoginFakes.Log()
    let authRepository: any CorpusLogin.AuthRepository = LoginFakes.Auth()
    let analytics: any CorpusLogin.Analytics = LoginFakes.Analytics()

    /// LoginStateMachine's private `normalize`: `email.trim().lowercase()`.
    func normalize(_ email: String) -> String {
        String(email.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()).lowercased()
    }

    /// LoginStateMachine's private `isWellFormedCode`: six digits.
    func isWellFormedCode(_ code: String) -> Bool { code.count == 6 && code.allSatisfy(\.isNumber) }
}

private struct OrderCollaborators: CorpusOrderFulfilment.Collaborators {
    struct Log: CorpusOrderFulfilment.Logger {
        func info(_ message: String) {}
        func warn(_ message: String) {}
    }

    struct Notifier: CorpusOrderFulfilment.CustomerNotifier {
        func notify(_ orderId: Int64, _ template: String, _ arguments: Any...) {}
    }

    struct Repository: CorpusOrderFulfilment.OrderRepository {
        func save(_ orderId: Int64, _ state: CorpusOrderFulfilment.OrderState) {}
    }

    /// As Corpus/Recordings.kt: order 10000000001, three items for 42.00; OrderWorkflow's default payment attempts.
    let orderId: Int64 = 10_000_000_001
    let initial = CorpusOrderFulfilment.OrderState.received(itemCount: 3, amountCents: 4_200)
    let maxPaymentAttempts = 3
    let log: any CorpusOrderFulfilment.Logger = Log()
    let notifier: any CorpusOrderFulfilment.CustomerNotifier = Notifier()
    let repository: any CorpusOrderFulfilment.OrderRepository = Repository()

}

private struct CameraCollaborators: CorpusCamera.Collaborators {
    struct Log: CorpusCamera.CameraLogger {
        func d(_ message: String) {}
    }

    struct Device: CorpusCamera.CameraDevice {
        func open(_ lens: String) {}
        func capture(_ flash: Bool) {}
        func startVideo(_ fileName: String) {}
        func stopVideo() {}
        func close() {}
    }

    struct Storage: CorpusCamera.MediaStorage {
        func save(_ fileName: String) {}
    }

    struct NoHaptics: CorpusCamera.Haptics {
        func vibrate() {}
    }

    /// CameraViewModel's default.
    let maxVideoMillis: Int64 = 60_000
    let logger: any CorpusCamera.CameraLogger = Log()
    let camera: any CorpusCamera.CameraDevice = Device()
    let storage: any CorpusCamera.MediaStorage = Storage()
    let haptics: any CorpusCamera.Haptics = NoHaptics()

}

private struct OnboardingCollaborators: CorpusOnboarding.Collaborators {
    struct Analytics: CorpusOnboarding.OnboardingAnalytics {
        func screenViewed(_ screen: String) {}
        func stepCompleted(_ step: String, _ skipped: Bool) {}
        func unexpectedEvent(_ description: String) {}
    }

    struct Permissions: CorpusOnboarding.PermissionRequester {
        func requestNotifications() {}
        func requestLocation() {}
    }

    /// OnboardingWizardViewModel's default.
    let minInterests = 3
    let analytics: any CorpusOnboarding.OnboardingAnalytics = Analytics()
    let permissions: any CorpusOnboarding.PermissionRequester = Permissions()

}

private struct ChatCollaborators: CorpusChatConnection.Collaborators {
    struct Log: CorpusChatConnection.Logger {
        func d(_ tag: String, _ message: String) {}
        func w(_ tag: String, _ message: String) {}
    }

    struct Socket: CorpusChatConnection.ChatSocket {
        func open() {}
        func close(_ code: Int) {}
        func ping() {}
        func flush() {}
    }

    /// As Corpus/Recordings.kt: never runs the action (the scenarios send ReconnectTimerFired themselves).
    struct NoScheduler: CorpusChatConnection.Scheduler {
        func schedule(_ delayMillis: Int64, _ action: @escaping () -> Void) {}
    }

    let logger: any CorpusChatConnection.Logger = Log()
    let socket: any CorpusChatConnection.ChatSocket = Socket()
    let scheduler: any CorpusChatConnection.Scheduler = NoScheduler()

    /// ChatConnectionManager's defaults, which its private `reconnectAfter` and `backoffDelay` (ported) read: six
    /// attempts, 500 ms doubling up to 30 s.
    let maxAttempts = 6
    let baseDelayMillis: Int64 = 500
    let maxDelayMillis: Int64 = 30_000
}

private struct SignUpFormCollaborators: CorpusFormValidation.Collaborators {
    /// As Corpus/Recordings.kt: one `@`, not first, and a dot after it with something between.
    struct SimpleEmailValidator: CorpusFormValidation.EmailValidator {
        func isValid(_ email: String) -> Bool {
            let characters = Array(email)
            guard let at = characters.firstIndex(of: "@"), at > 0, at == characters.lastIndex(of: "@") else { return false }
            guard let dot = characters[at...].firstIndex(of: ".") else { return false }
            return dot > at + 1
        }
    }

    let emailValidator: any CorpusFormValidation.EmailValidator = SimpleEmailValidator()
    let onSideEffect: (CorpusFormValidation.FormSideEffect) -> Void = { _ in }

    /// SignUpForm's private `errorsOf`.
    func errorsOf(_ form: CorpusFormValidation.FormState, _ emailValidator: any CorpusFormValidation.EmailValidator) -> [String] {
        guard case let .editing(email, password, age, _, _) = form else { return [] }
        var errors: [String] = []
        if !emailValidator.isValid(email) { errors.append("email") }
        if password.count < CorpusFormValidation.MIN_PASSWORD_LENGTH {
            errors.append("password too short")
        } else if !password.contains(where: \.isNumber) {
            errors.append("password needs a digit")
        } else if password.lowercased() == email.lowercased() {
            errors.append("password equals email")
        }
        if age < CorpusFormValidation.MIN_AGE { errors.append("age") }
        return errors
    }
}

private struct WebSocketCollaborators: CorpusWebSocketSession.Collaborators {
    /// As Corpus/Recordings.kt: tokens `secret-<name>` belong to the user `<name>`.
    struct SecretTokens: CorpusWebSocketSession.TokenAuthenticator {
        func userIdFor(_ token: String) -> String? { token.hasPrefix("secret-") ? String(token.dropFirst(7)) : nil }
    }

    struct Metrics: CorpusWebSocketSession.Metrics {
        func increment(_ name: String, _ tags: [String: String]) {}
    }

    struct Sink: CorpusWebSocketSession.FrameSink {
        func sendText(_ body: String) {}
        func sendPing() {}
        func sendPong() {}
        func sendClose(_ code: Int, _ reason: String) {}
        func closeTransport() {}
    }

    struct Router: CorpusWebSocketSession.MessageRouter {
        func deliver(_ userId: String, _ body: String) {}
    }

    /// As Corpus/Recordings.kt, with WebSocketSession's defaults.
    let sessionId = "session-1"
    let maxMissedPongs = 2
    let maxFrameBytes: Int64 = 1 << 20
    let authenticator: any CorpusWebSocketSession.TokenAuthenticator = SecretTokens()
    let metrics: any CorpusWebSocketSession.Metrics = Metrics()
    let sink: any CorpusWebSocketSession.FrameSink = Sink()
    let router: any CorpusWebSocketSession.MessageRouter = Router()
}
