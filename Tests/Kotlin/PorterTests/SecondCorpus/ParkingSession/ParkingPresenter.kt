package com.example.parking

import com.example.parking.model.Zone
import com.tinder.StateMachine
import java.time.Duration

class ParkingPresenter(
    private val view: ParkingView,
    private val payments: PaymentsApi,
    private val reminders: ParkingReminders,
    private val clock: WallClock,
    restored: SavedSession? = null,
    private val logger: ParkingLogger? = null,
    private val reminderMinutes: Long = 10,
) {
    val stateMachine = StateMachine.create<ParkingState, ParkingEvent, ParkingSideEffect> {
        initialState(
            if (restored != null) {
                ParkingState.Active(restored.zone, restored.where, restored.plate, restored.startedAt, restored.paidUntil)
            } else {
                ParkingState.NoSession
            }
        )

        state<ParkingState.NoSession> {
            on<ParkingEvent.Start> {
                if (it.duration > it.zone.maxStay) {
                    dontTransition(ParkingSideEffect.ShowMessage("${it.zone.name} allows ${it.zone.maxStay.toMinutes()} minutes"))
                } else {
                    val cents = priceOf(it.zone, it.duration)
                    transitionTo(
                        ParkingState.AwaitingPayment(it.zone, it.where, it.plate, it.duration, cents),
                        ParkingSideEffect.RequestPayment(cents),
                    )
                }
            }
        }

        state<ParkingState.AwaitingPayment> {
            on<ParkingEvent.PaymentAccepted> {
                if (it.default) payments.rememberMethod(it.protocol)
                val now = clock.now()
                transitionTo(ParkingState.Active(zone, where, plate, now, now.plus(duration)))
            }
            on<ParkingEvent.PaymentDeclined> {
                transitionTo(ParkingState.NoSession, ParkingSideEffect.ShowMessage("Payment declined: ${it.reason}"))
            }
            on<ParkingEvent.Stop> {
                transitionTo(ParkingState.NoSession)
            }
        }

        state<ParkingState.Active> {
            onEnter {
                view.showMeter(plate, paidUntil)
            }
            on<ParkingEvent.Extend> {
                val stay = Duration.between(startedAt, paidUntil.plus(it.extension))
                if (stay > zone.maxStay) {
                    dontTransition(ParkingSideEffect.ShowMessage("Maximum stay in ${zone.name} reached"))
                } else {
                    transitionTo(
                        copy(paidUntil = paidUntil.plus(it.extension)),
                        ParkingSideEffect.Charge(priceOf(zone, it.extension), it.extension),
                    )
                }
            }
            on<ParkingEvent.Tick> {
                val left = `minutes left`(this)
                when {
                    left <= 0 -> transitionTo(ParkingState.Expired(zone, where, plate, paidUntil))
                    left <= reminderMinutes -> dontTransition(ParkingSideEffect.RemindExpiry(left))
                    else -> dontTransition()
                }
            }
            on<ParkingEvent.Stop> {
                transitionTo(ParkingState.NoSession, ParkingSideEffect.EndSession(plate, maxOf(0, `minutes left`(this))))
            }
        }

        state<ParkingState.Expired> {
            on<ParkingEvent.Stop> {
                transitionTo(ParkingState.NoSession, ParkingSideEffect.EndSession(plate, 0))
            }
            on<ParkingEvent.Tick> {
                dontTransition()
            }
        }

        onTransition { transition ->
            val valid = transition as? StateMachine.Transition.Valid ?: return@onTransition
            logger?.debug("${valid.fromState.javaClass.simpleName} --${valid.event.javaClass.simpleName}--> ${valid.toState.javaClass.simpleName}")
            when (val sideEffect = valid.sideEffect) {
                is ParkingSideEffect.RequestPayment -> payments.requestPayment(sideEffect.cents)
                is ParkingSideEffect.Charge -> payments.charge(sideEffect.cents)
                is ParkingSideEffect.ShowMessage -> view.showMessage(sideEffect.text)
                is ParkingSideEffect.RemindExpiry -> {
                    val active = valid.toState as ParkingState.Active
                    reminders.remind(active.plate, sideEffect.minutesLeft)
                }
                is ParkingSideEffect.EndSession -> {
                    view.hideMeter()
                    logger?.debug("session for ${sideEffect.plate} ended, ${sideEffect.unusedMinutes} minutes unused")
                }
                null -> if (valid.toState is ParkingState.Expired) view.showMessage("Your parking has expired")
            }
        }
    }

    val state: ParkingState
        get() = stateMachine.state

    fun start(zone: Zone, where: String, plate: String, duration: Duration) {
        stateMachine.transition(ParkingEvent.Start(zone, where, plate, duration))
    }

    private fun `minutes left`(session: ParkingState.Active): Long =
        Duration.between(clock.now(), session.paidUntil).toMinutes()

    private fun priceOf(zone: Zone, duration: Duration): Long =
        (zone.centsPerHour * duration.toMinutes() + 59) / 60
}
