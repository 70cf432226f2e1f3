package com.example.recovery

import com.tinder.StateMachine
import java.time.Duration

/** The "forgot password" flow of one account on the auth server: a code by e-mail, then a new password. */
class RecoveryService(
    private val accounts: Accounts,
    private val sender: CodeSender,
    private val verifier: CodeVerifier,
    private val mailer: SecurityMailer,
    private val audit: AuditTrail,
    private val ids: RequestIds,
    private val time: TimeSource,
    private val codeTtl: Duration = CODE_TTL,
) {
    private var lastRequestFrom: String = "unknown"

    val stateMachine = StateMachine.create<RecoveryState, RecoveryEvent, RecoverySideEffect> {
        initialState(RecoveryState.Idle)

        state<RecoveryState.Idle> {
            on<RecoveryEvent.Requested> {
                lastRequestFrom = it.where
                if (!accounts.exists(it.email)) return@on dontTransition()
                val requestId = ids.next()
                transitionTo(
                    RecoveryState.CodeSent(requestId, it.email, time.now().plus(codeTtl)),
                    RecoverySideEffect.SendCode(requestId, it.email),
                )
            }
        }

        state<RecoveryState.CodeSent> {
            on<RecoveryEvent.CodeEntered> {
                when {
                    time.now().isAfter(expiresAt) -> transitionTo(RecoveryState.Idle)
                    verifier.matches(requestId, it.code.trim()) -> transitionTo(RecoveryState.Verified(requestId, email))
                    attempts + 1 >= MAX_ATTEMPTS -> transitionTo(
                        RecoveryState.Blocked(email, time.now().plus(BLOCK_FOR)),
                        RecoverySideEffect.WarnOwner(email, lastRequestFrom),
                    )
                    else -> transitionTo(
                        copy(attempts = attempts + 1),
                        RecoverySideEffect.RejectCode(MAX_ATTEMPTS - attempts - 1),
                    )
                }
            }
            on<RecoveryEvent.Resend> {
                val requestId = ids.next()
                transitionTo(
                    copy(requestId = requestId, expiresAt = time.now().plus(codeTtl)),
                    RecoverySideEffect.SendCode(requestId, email),
                )
            }
            on<RecoveryEvent.Abandon> {
                transitionTo(RecoveryState.Idle)
            }
        }

        state<RecoveryState.Verified> {
            on<RecoveryEvent.PasswordChosen> {
                if (it.password.length < MIN_PASSWORD_LENGTH) {
                    dontTransition()
                } else {
                    transitionTo(RecoveryState.Completed, RecoverySideEffect.ResetPassword(email, it.password))
                }
            }
            on<RecoveryEvent.Abandon> {
                transitionTo(RecoveryState.Idle)
            }
        }

        state<RecoveryState.Blocked> {
            on<RecoveryEvent.Requested> {
                if (time.now().isBefore(until)) {
                    dontTransition(RecoverySideEffect.WarnOwner(email, it.where))
                } else {
                    val requestId = ids.next()
                    transitionTo(
                        RecoveryState.CodeSent(requestId, it.email, time.now().plus(codeTtl)),
                        RecoverySideEffect.SendCode(requestId, it.email),
                    )
                }
            }
        }

        state<RecoveryState.Completed> {
            onEnter {
                audit.record("password reset completed after ${it::class.simpleName}")
            }
        }

        onTransition { transition ->
            if (transition !is StateMachine.Transition.Valid) return@onTransition
            when (val sideEffect = transition.sideEffect) {
                null -> audit.record("${transition.fromState::class.simpleName} -> ${transition.toState::class.simpleName}")
                is RecoverySideEffect.SendCode -> sender.send(sideEffect.requestId, sideEffect.email)
                is RecoverySideEffect.RejectCode -> audit.record("wrong code, ${sideEffect.attemptsLeft} attempts left")
                is RecoverySideEffect.ResetPassword -> {
                    accounts.setPassword(sideEffect.email, sideEffect.password)
                    accounts.revokeSessions(sideEffect.email)
                }
                is RecoverySideEffect.WarnOwner ->
                    mailer.warn(sideEffect.email, "Someone tried to reset your password from ${sideEffect.where}")
            }
        }
    }

    val state: RecoveryState
        get() = stateMachine.state

    companion object {
        const val MAX_ATTEMPTS = 5
        const val MIN_PASSWORD_LENGTH = 12
        val CODE_TTL: Duration = Duration.ofMinutes(15)
        val BLOCK_FOR: Duration = Duration.ofHours(1)
    }
}
