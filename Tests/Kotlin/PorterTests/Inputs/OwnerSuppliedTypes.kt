package com.example.rides

import com.example.time.LocalDateTime
import io.reactivex.disposables.Disposable
import com.tinder.StateMachine

// LocalDateTime and Disposable are types of libraries the files given do not declare: the machine only carries their
// values (a state's payload, the owner's properties) and calls `dispose()` on one. Each is an associated type of
// Collaborators that the owner supplies, and the call a requirement of Collaborators that takes the value.

sealed class Ride {
    object Idle : Ride()
    data class Booked(val at: LocalDateTime, val timer: Disposable) : Ride()
    data class Cancelled(val at: LocalDateTime) : Ride()
}

sealed class RideEvent {
    object Book : RideEvent()
    object Cancel : RideEvent()
}

class Rides(private val now: LocalDateTime, private val retryTimer: Disposable) {
    val machine = StateMachine.create<Ride, RideEvent, Nothing> {
        initialState(Ride.Idle)
        state<Ride.Idle> {
            on<RideEvent.Book> { transitionTo(Ride.Booked(now, retryTimer)) }
        }
        state<Ride.Booked> {
            on<RideEvent.Cancel> {
                timer.dispose()
                transitionTo(Ride.Cancelled(at))
            }
        }
    }
}
