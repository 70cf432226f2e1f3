package com.statemachine.examples

import com.statemachine.spec.StateMachine

/** Sign-up screens: email, a verification code, a display name. */
class OnboardingFlow {

    sealed class State {
        object Welcome : State()
        data class EnterEmail(val attempts: Int) : State()
        data class VerifyEmail(val email: String, val codesSent: Int) : State()
        data class Profile(val email: String, val displayName: String) : State()
        data class Done(val email: String) : State()
    }

    sealed class Event {
        object Start : Event()
        data class SubmitEmail(val email: String) : Event()
        object ResendCode : Event()
        data class SubmitCode(val code: String) : Event()
        data class SubmitName(val displayName: String) : Event()
        object Back : Event()
        object Finish : Event()
    }

    sealed class SideEffect {
        data class SendCode(val email: String) : SideEffect()
        data class ShowError(val message: String) : SideEffect()
        data class Track(val screen: String) : SideEffect()
    }

    val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Welcome)
        state<State.Welcome> {
            on<Event.Start> {
                transitionTo(State.EnterEmail(attempts = 0), SideEffect.Track("enter_email"))
            }
        }
        state<State.EnterEmail> {
            on<Event.SubmitEmail> { event ->
                when {
                    event.email == "" ->
                        if (attempts + 1 >= MAX_ATTEMPTS) {
                            transitionTo(State.Welcome, SideEffect.ShowError("Too many attempts"))
                        } else {
                            transitionTo(State.EnterEmail(attempts + 1), SideEffect.ShowError("Enter your email"))
                        }
                    else -> transitionTo(State.VerifyEmail(event.email, codesSent = 1), SideEffect.SendCode(event.email))
                }
            }
            on<Event.Back> {
                transitionTo(State.Welcome)
            }
        }
        state<State.VerifyEmail> {
            on<Event.ResendCode> {
                if (codesSent < MAX_CODES) {
                    transitionTo(State.VerifyEmail(email, codesSent + 1), SideEffect.SendCode(email))
                } else {
                    dontTransition(SideEffect.ShowError("We sent $codesSent codes to $email, try again later"))
                }
            }
            on<Event.SubmitCode> {
                when (it.code) {
                    EXPIRED_CODE -> dontTransition(SideEffect.ShowError("Code expired"))
                    VALID_CODE -> transitionTo(State.Profile(email, displayName = ""), SideEffect.Track("profile"))
                    else -> dontTransition(SideEffect.ShowError("Wrong code ${it.code}"))
                }
            }
            on<Event.Back> {
                transitionTo(State.EnterEmail(attempts = 0))
            }
        }
        state<State.Profile> {
            on<Event.SubmitName> {
                if (it.displayName == "") {
                    dontTransition(SideEffect.ShowError("Enter a name"))
                } else {
                    transitionTo(State.Profile(email, it.displayName))
                }
            }
            on<Event.Finish> {
                if (displayName != "" && email != "") {
                    transitionTo(State.Done(email), SideEffect.Track("done"))
                } else {
                    dontTransition(SideEffect.ShowError("Enter a name"))
                }
            }
        }
        state<State.Done> {
        }
    }

    companion object {
        const val MAX_ATTEMPTS = 3
        const val MAX_CODES = 3
        const val VALID_CODE = "424242"
        const val EXPIRED_CODE = "000000"
    }
}
