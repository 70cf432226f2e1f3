package com.example.session.ui

import com.example.session.model.SessionEvent
import com.example.session.model.SessionSideEffect
import com.example.session.model.SessionState
import com.example.session.model.SessionState.Expired
import com.example.session.data.SessionRepository
import com.tinder.StateMachine
import org.slf4j.LoggerFactory
import timber.log.Timber

/**
 * The machine's types are in another module (`com.example.session.model`), and so are the repository and the
 * loggers: the porter sees only this file.
 */
class SessionController(private val repository: SessionRepository) {

    private val log = LoggerFactory.getLogger("SessionController")

    val stateMachine = StateMachine.create<SessionState, SessionEvent, SessionSideEffect> {
        initialState(SessionState.SignedOut)
        state<SessionState.SignedOut> {
            on<SessionEvent.SignIn> {
                log.info("signing in at ${repository.region}")
                transitionTo(SessionState.SigningIn(attempt = 1), SessionSideEffect.Authenticate)
            }
            on<SessionEvent.Restore> { transitionTo(repository.saved) }
        }
        state<SessionState.SigningIn> {
            on<SessionEvent.Succeeded> {
                if (repository.isTrusted(it.token) && repository.online) {
                    transitionTo(SessionState.SignedIn(it.token), SessionSideEffect.Persist(it.token))
                } else {
                    transitionTo(SessionState.SignedOut, SessionSideEffect.ShowError("untrusted"))
                }
            }
            on<SessionEvent.Failed> {
                Timber.w("sign-in failed, attempt %d", attempt)
                transitionTo(SessionState.SigningIn(attempt = attempt + 1))
            }
        }
        state<SessionState.SignedIn> {
            on<SessionEvent.TokenExpired> { transitionTo(Expired) }
            onExit { repository.clear() }
        }
        state<Expired> {
            on<SessionEvent.SignIn> { transitionTo(SessionState.SigningIn(attempt = 1), SessionSideEffect.Authenticate) }
        }
    }
}
