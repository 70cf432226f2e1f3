package com.example.corpus.record

import com.example.ble.BlePairingController
import com.example.ble.PairingEvent
import com.example.ble.PairingSideEffect
import com.example.ble.PairingState
import com.example.chat.ChatConnectionManager
import com.example.chat.ConnectionEvent
import com.example.chat.ConnectionSideEffect
import com.example.chat.ConnectionState
import com.example.camera.CameraEvent
import com.example.camera.CameraSideEffect
import com.example.camera.CameraState
import com.example.camera.CameraViewModel
import com.example.checkout.CheckoutViewModel
import com.example.download.DownloadEvent
import com.example.download.DownloadSideEffect
import com.example.download.DownloadState
import com.example.download.downloadStateMachine
import com.example.flags.RolloutEvent
import com.example.flags.RolloutSideEffect
import com.example.flags.RolloutState
import com.example.flags.rolloutStateMachine
import com.example.form.FormEvent
import com.example.form.FormSideEffect
import com.example.form.FormState
import com.example.form.SignUpForm
import com.example.login.LoginEvent
import com.example.login.LoginSideEffect
import com.example.login.LoginState
import com.example.login.LoginStateMachine
import com.example.login.UserId
import com.example.onboarding.OnboardingEvent
import com.example.onboarding.OnboardingSideEffect
import com.example.onboarding.OnboardingState
import com.example.onboarding.OnboardingWizardViewModel
import com.example.orders.OrderEvent
import com.example.orders.OrderState
import com.example.orders.OrderWorkflow
import com.example.ride.TripEvent
import com.example.ride.TripPresenter
import com.example.ride.TripSideEffect
import com.example.ride.TripState
import com.example.websocket.SessionEvent
import com.example.websocket.SessionSideEffect
import com.example.websocket.SessionState
import com.example.websocket.WebSocketSession
import com.statemachine.spec.fixtures.CodeMachine

// The corpus machines as code-defined machines for the fixture recorder, each made with simple fakes for its
// collaborators. Unless a machine reports its onEnter / onExit listeners (CodeMachine.reporting), the
// recordings list onTransition calls only. Corpus/README.md lists the machines that cannot be recorded.

// Fakes that accept every call and do nothing.

private object NoLoginAuth : com.example.login.AuthRepository {
    override fun checkPassword(email: String, password: String) = Unit
    override fun sendMfaCode(userId: UserId) = Unit
    override fun verifyMfaCode(userId: UserId, code: String) = Unit
    override fun rememberUser(userId: UserId) = Unit
    override fun clearSession() = Unit
}

private object NoLoginAnalytics : com.example.login.Analytics {
    override fun track(event: String, properties: Map<String, Any>) = Unit
}

private object NoLoginLogger : com.example.login.Logger {
    override fun d(tag: String, message: String) = Unit
    override fun w(tag: String, message: String) = Unit
}

object LoginRecording : CodeMachine<LoginState, LoginEvent, LoginSideEffect>(
    "LoginStateMachine (Corpus/Login/LoginStateMachine.kt)",
    LoginState::class, LoginEvent::class, LoginSideEffect::class,
    false, { LoginStateMachine(NoLoginAuth, NoLoginAnalytics, NoLoginLogger).stateMachine }
)

object DownloadRecording : CodeMachine<DownloadState, DownloadEvent, DownloadSideEffect>(
    "downloadStateMachine() (Corpus/Download/DownloadStateMachine.kt)",
    DownloadState::class, DownloadEvent::class, DownloadSideEffect::class,
    false, { downloadStateMachine(maxRetries = 3) }
)

private object NoPayments : com.example.checkout.PaymentGateway {
    override fun authorize(orderId: String, amountCents: Long, currency: String) = Unit
    override fun capture(orderId: String) = Unit
    override fun void(orderId: String) = Unit
}

private object NoCheckoutAnalytics : com.example.checkout.Analytics {
    override fun track(event: String) = Unit
}

object CheckoutRecording : CodeMachine<CheckoutViewModel.State, CheckoutViewModel.Event, CheckoutViewModel.SideEffect>(
    "CheckoutViewModel (Corpus/Checkout/CheckoutViewModel.kt)",
    CheckoutViewModel.State::class, CheckoutViewModel.Event::class, CheckoutViewModel.SideEffect::class,
    false, { CheckoutViewModel("order-1", NoPayments, NoCheckoutAnalytics).machine }
)

private object NoChatSocket : com.example.chat.ChatSocket {
    override fun open() = Unit
    override fun close(code: Int) = Unit
    override fun ping() = Unit
    override fun flush() = Unit
}

/** Never runs the scheduled action: the scenarios send ReconnectTimerFired themselves. */
private object NoScheduler : com.example.chat.Scheduler {
    override fun schedule(delayMillis: Long, action: () -> Unit) = Unit
}

private object NoChatLogger : com.example.chat.Logger {
    override fun d(tag: String, message: String) = Unit
    override fun w(tag: String, message: String) = Unit
}

object ChatConnectionRecording : CodeMachine<ConnectionState, ConnectionEvent, ConnectionSideEffect>(
    "ChatConnectionManager (Corpus/ChatConnection/StateMachine.kt)",
    ConnectionState::class, ConnectionEvent::class, ConnectionSideEffect::class,
    false, { ChatConnectionManager(NoChatSocket, NoScheduler, NoChatLogger).stateMachine }
)

private object NoOnboardingAnalytics : com.example.onboarding.OnboardingAnalytics {
    override fun screenViewed(screen: String) = Unit
    override fun stepCompleted(step: String, skipped: Boolean) = Unit
    override fun unexpectedEvent(description: String) = Unit
}

private object NoPermissions : com.example.onboarding.PermissionRequester {
    override fun requestNotifications() = Unit
    override fun requestLocation() = Unit
}

object OnboardingWizardRecording : CodeMachine<OnboardingState, OnboardingEvent, OnboardingSideEffect>(
    "OnboardingWizardViewModel (Corpus/Onboarding/OnboardingWizardViewModel.kt)",
    OnboardingState::class, OnboardingEvent::class, OnboardingSideEffect::class,
    false, { OnboardingWizardViewModel(NoOnboardingAnalytics, NoPermissions).stateMachine }
)

private object NoScanner : com.example.ble.BleScanner {
    override fun startScan() = Unit
    override fun stopScan() = Unit
}

private object NoBonds : com.example.ble.BondManager {
    override fun createBond(address: String) = Unit
    override fun readBatteryLevel(address: String) = Unit
}

/** A clock stopped at 2023-11-14T22:13:20Z, so that recordings do not depend on the time they are made. */
private object FixedTime : com.example.ble.TimeSource {
    override fun nowMillis(): Long = 1_700_000_000_000L
}

/** The controller's onEnter / onExit listeners all go through its logger: every one is observed. */
object BlePairingRecording : CodeMachine<PairingState, PairingEvent, PairingSideEffect>(
    "BlePairingController (Corpus/BlePairing/BlePairingController.kt)",
    PairingState::class, PairingEvent::class, PairingSideEffect::class,
    true, { calls ->
        BlePairingController(NoScanner, NoBonds, FixedTime, object : com.example.ble.PairingLogger {
            override fun entered(state: PairingState, cause: PairingEvent) = calls.onEnter(state, cause)
            override fun exited(state: PairingState, cause: PairingEvent) = calls.onExit(state, cause)
            override fun log(message: String) = Unit
        }).stateMachine
    }
)

private object NoTripView : com.example.ride.TripView {
    override fun showTitle(title: String) = Unit
    override fun showMessage(message: String) = Unit
}

private object NoRideService : com.example.ride.RideService {
    override fun searchDrivers(pickup: String) = Unit
    override fun charge(cents: Long) = Unit
}

object RideTripRecording : CodeMachine<TripState, TripEvent, TripSideEffect>(
    "TripPresenter (Corpus/RideTrip/TripPresenter.kt)",
    TripState::class, TripEvent::class, TripSideEffect::class,
    false, { TripPresenter(NoTripView, NoRideService).stateMachine }
)

private object NoOrderRepository : com.example.orders.OrderRepository {
    override fun save(orderId: Long, state: OrderState) = Unit
}

private object NoCustomerNotifier : com.example.orders.CustomerNotifier {
    override fun notify(orderId: Long, template: String, vararg arguments: Any) = Unit
}

private object NoOrderLogger : com.example.orders.Logger {
    override fun info(message: String) = Unit
    override fun warn(message: String) = Unit
}

/** An order of three items for 42.00 as loaded from the database; its side effects are `Unit`. */
object OrderFulfilmentRecording : CodeMachine<OrderState, OrderEvent, Unit>(
    "OrderWorkflow (Corpus/OrderFulfilment/OrderWorkflow.kt)",
    OrderState::class, OrderEvent::class, Unit::class,
    false, {
        OrderWorkflow(
            orderId = 10_000_000_001L, repository = NoOrderRepository, notifier = NoCustomerNotifier, log = NoOrderLogger,
            initial = OrderState.Received(itemCount = 3, amountCents = 4_200L),
        ).stateMachine
    }
)

private object NoCamera : com.example.camera.CameraDevice {
    override fun open(lens: String) = Unit
    override fun capture(flash: Boolean) = Unit
    override fun startVideo(fileName: String) = Unit
    override fun stopVideo() = Unit
    override fun close() = Unit
}

private object NoStorage : com.example.camera.MediaStorage {
    override fun save(fileName: String) = Unit
}

private object NoHaptics : com.example.camera.Haptics {
    override fun vibrate() = Unit
}

private object NoCameraLogger : com.example.camera.CameraLogger {
    override fun d(message: String) = Unit
}

object CameraRecording : CodeMachine<CameraState, CameraEvent, CameraSideEffect>(
    "CameraViewModel (Corpus/Camera/CameraViewModel.kt)",
    CameraState::class, CameraEvent::class, CameraSideEffect::class,
    false, { CameraViewModel(NoCamera, NoStorage, NoHaptics, NoCameraLogger).stateMachine }
)

/** Accepts addresses with one `@` and a dot after it. */
private val simpleEmailValidator = com.example.form.EmailValidator { email ->
    val at = email.indexOf('@')
    at > 0 && at == email.lastIndexOf('@') && email.indexOf('.', at) > at + 1
}

object SignUpFormRecording : CodeMachine<FormState, FormEvent, FormSideEffect>(
    "SignUpForm.stateMachine() (Corpus/FormValidation/SignUpForm.kt)",
    FormState::class, FormEvent::class, FormSideEffect::class,
    false, { SignUpForm.stateMachine(simpleEmailValidator) }
)

private object NoFrameSink : com.example.websocket.FrameSink {
    override fun sendText(body: String) = Unit
    override fun sendPing() = Unit
    override fun sendPong() = Unit
    override fun sendClose(code: Int, reason: String) = Unit
    override fun closeTransport() = Unit
}

private object NoRouter : com.example.websocket.MessageRouter {
    override fun deliver(userId: String, body: String) = Unit
}

/** Tokens `secret-<name>` belong to the user `<name>`; every other token is unknown. */
private object SecretTokens : com.example.websocket.TokenAuthenticator {
    override fun userIdFor(token: String): String? = token.removePrefix("secret-").takeIf { token.startsWith("secret-") }
}

private object NoMetrics : com.example.websocket.Metrics {
    override fun increment(name: String, tags: Map<String, String>) = Unit
}

object WebSocketSessionRecording : CodeMachine<SessionState, SessionEvent, SessionSideEffect>(
    "WebSocketSession (Corpus/WebSocketSession/WebSocketSession.kt)",
    SessionState::class, SessionEvent::class, SessionSideEffect::class,
    false, { WebSocketSession("session-1", NoFrameSink, NoRouter, SecretTokens, NoMetrics).stateMachine }
)

private object NoFlagStore : com.example.flags.FlagStore {
    override fun setPercentage(flagKey: String, percent: Int) = Unit
}

private object NoAudit : com.example.flags.AuditLog {
    override fun record(flagKey: String, message: String) = Unit
}

private object NoPager : com.example.flags.Pager {
    override fun alert(message: String) = Unit
}

object FeatureFlagRolloutRecording : CodeMachine<RolloutState, RolloutEvent, RolloutSideEffect>(
    "FlagStore.rolloutStateMachine() (Corpus/FeatureFlag/RolloutStateMachine.kt)",
    RolloutState::class, RolloutEvent::class, RolloutSideEffect::class,
    false, { NoFlagStore.rolloutStateMachine("new_checkout", NoAudit, NoPager) }
)

private object NoPhaseTimer : com.example.traffic.PhaseTimer {
    override fun start(durationMillis: Long) = Unit
    override fun cancel() = Unit
}

private object NoLamps : com.example.traffic.LampDriver {
    override fun show(colour: com.example.traffic.Colour) = Unit
    override fun flash(colour: com.example.traffic.Colour) = Unit
    override fun allOff() = Unit
}

/** Enum class payloads (`Colour`) and `Unit` side effects. */
object TrafficLightRecording : CodeMachine<com.example.traffic.LightState, com.example.traffic.LightEvent, Unit>(
    "TrafficLightController (Corpus/TrafficLight/TrafficLightController.kt)",
    com.example.traffic.LightState::class, com.example.traffic.LightEvent::class, Unit::class,
    false, { com.example.traffic.TrafficLightController(NoPhaseTimer, NoLamps).stateMachine }
)

private object NoMediaEngine : com.example.player.MediaEngine {
    override fun prepare(track: com.example.player.Track) = Unit
    override fun play(fromMillis: Long, speed: Float) = Unit
    override fun pause() = Unit
    override fun seekTo(positionMillis: Long) = Unit
    override fun setSpeed(speed: Float) = Unit
    override fun setVolume(volume: Double) = Unit
    override fun release() = Unit
}

private object NoPlaybackAnalytics : com.example.player.PlaybackAnalytics {
    override fun track(event: String, trackId: String?, positionMillis: Long) = Unit
    override fun error(cause: Throwable) = Unit
}

/** `Float` speeds, `Double` volumes, a nullable field and a `Track` data class (schemaVersion 3). */
object MediaPlayerRecording : CodeMachine<com.example.player.PlayerState, com.example.player.PlayerEvent, com.example.player.PlayerSideEffect>(
    "PlayerStateMachine (Corpus/MediaPlayer/PlayerStateMachine.kt)",
    com.example.player.PlayerState::class, com.example.player.PlayerEvent::class, com.example.player.PlayerSideEffect::class,
    false, { com.example.player.PlayerStateMachine(NoMediaEngine, NoPlaybackAnalytics).stateMachine }
)

private object NoDealer : com.example.game.Dealer {
    override fun dealInitialCards() = Unit
    override fun drawForDealer() = Unit
}

private object NoLeaderboard : com.example.game.Leaderboard {
    override fun submit(playerId: String, score: Long) = Unit
}

private object NoSounds : com.example.game.SoundPlayer {
    override fun play(name: String) = Unit
}

/** `List<Card>` hands (schemaVersion 3); the scenarios stop before RoundOver, whose Swift onEnter is a porter placeholder. */
object GameRoundRecording : CodeMachine<com.example.game.RoundState, com.example.game.RoundEvent, com.example.game.RoundSideEffect>(
    "BlackjackRoundController (Corpus/GameRound/BlackjackRoundController.kt)",
    com.example.game.RoundState::class, com.example.game.RoundEvent::class, com.example.game.RoundSideEffect::class,
    false, { com.example.game.BlackjackRoundController("p-1", NoDealer, NoLeaderboard, NoSounds).stateMachine }
)

private object NoBilling : com.example.billing.BillingClient {
    override fun charge(plan: com.example.billing.Plan, amount: Double) = Unit
}

private object NoEntitlements : com.example.billing.EntitlementStore {
    override fun grant(entitlements: Set<String>) = Unit
    override fun revokeAll() = Unit
}

private object NoNotifications : com.example.billing.Notifications {
    override fun paymentProblem(message: String, retryAt: java.time.Instant) = Unit
    override fun remindAt(at: java.time.Instant) = Unit
}

/** `Instant`s in its states and events, a `Throwable` in its grace period (Spec/SPEC.md, R30); the clock is fixed at 1970. */
object SubscriptionRecording : CodeMachine<com.example.billing.SubscriptionState, com.example.billing.SubscriptionEvent, com.example.billing.SubscriptionSideEffect>(
    "SubscriptionStateMachine (Corpus/Subscription/SubscriptionStateMachine.kt)",
    com.example.billing.SubscriptionState::class, com.example.billing.SubscriptionEvent::class, com.example.billing.SubscriptionSideEffect::class,
    false, {
        com.example.billing.SubscriptionStateMachine(
            NoBilling, NoEntitlements, NoNotifications, java.time.Clock.fixed(java.time.Instant.EPOCH, java.time.ZoneOffset.UTC)
        ).stateMachine
    }
)

/** `Char` slots, `Map<Char, Int>` stock and `Map<Char, Long>` prices, a nullable reason (schemaVersion 3). */
object VendingMachineRecording : CodeMachine<com.example.vending.VendingState, com.example.vending.VendingEvent, com.example.vending.VendingSideEffect>(
    "vendingMachine (Corpus/VendingMachine/VendingMachine.kt)",
    com.example.vending.VendingState::class, com.example.vending.VendingEvent::class, com.example.vending.VendingSideEffect::class,
    false, { com.example.vending.vendingMachine(mapOf('A' to 150L, 'B' to 95L), mapOf('A' to 1, 'B' to 0)) }
)
