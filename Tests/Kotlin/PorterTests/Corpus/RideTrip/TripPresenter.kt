package com.example.ride

import com.tinder.StateMachine

class TripPresenter(
    private val view: TripView,
    private val rideService: RideService,
    private val baseFareCents: Long = 250,
    private val centsPerKm: Long = 120,
) {

    val stateMachine = StateMachine.create<TripState, TripEvent, TripSideEffect> {
        initialState(TripState.Idle)

        state<TripState.Idle> {
            on<TripEvent.RequestRide> {
                if (it.pickup == it.dropoff) {
                    dontTransition(TripSideEffect.NotifyRider("Pickup and drop-off are the same"))
                } else {
                    transitionTo(TripState.Requesting(it.pickup, it.dropoff), TripSideEffect.SearchDrivers(it.pickup))
                }
            }
        }

        state<TripState.Requesting> {
            on<TripEvent.DriverAccepted> {
                transitionTo(
                    TripState.DriverAssigned(it.driverName, it.etaMinutes),
                    TripSideEffect.NotifyRider("${it.driverName} accepted your ride to $dropoff"),
                )
            }
            on(TripEvent.NoDriversFound) {
                transitionTo(TripState.Idle, TripSideEffect.NotifyRider("No drivers near $pickup"))
            }
            on(TripEvent.Cancel) {
                transitionTo(TripState.Cancelled(reason = "rider", feeCents = 0))
            }
        }

        state<TripState.DriverAssigned> {
            on<TripEvent.EtaUpdated> {
                if (it.minutes == etaMinutes) dontTransition() else transitionTo(copy(etaMinutes = it.minutes))
            }
            on(TripEvent.PickedUp) {
                transitionTo(TripState.OnTrip(driverName, distanceMeters = 0))
            }
            on(TripEvent.Cancel) {
                val fee = if (etaMinutes <= FREE_CANCEL_ETA_MINUTES) CANCELLATION_FEE_CENTS else 0L
                transitionTo(TripState.Cancelled("rider", fee), TripSideEffect.ChargeCancellationFee(fee))
            }
        }

        state<TripState.OnTrip> {
            on<TripEvent.DistanceUpdated> {
                transitionTo(copy(distanceMeters = maxOf(distanceMeters, it.meters)))
            }
            on(TripEvent.DroppedOff) {
                val fare = fareFor(distanceMeters)
                transitionTo(TripState.Completed(fare), TripSideEffect.ChargeFare(fare))
            }
        }

        state<TripState.Completed> {
            on(any<TripEvent>()) {
                dontTransition()
            }
        }

        state<TripState.Cancelled> {
            on<TripEvent.RequestRide> {
                transitionTo(TripState.Requesting(it.pickup, it.dropoff), TripSideEffect.SearchDrivers(it.pickup))
            }
        }

        onTransition {
            if (it !is StateMachine.Transition.Valid) return@onTransition
            view.showTitle(it.toState.title)
            when (val sideEffect = it.sideEffect) {
                is TripSideEffect.SearchDrivers -> rideService.searchDrivers(sideEffect.pickup)
                is TripSideEffect.NotifyRider -> view.showMessage(sideEffect.message)
                is TripSideEffect.ChargeFare -> rideService.charge(sideEffect.cents)
                is TripSideEffect.ChargeCancellationFee -> if (sideEffect.cents > 0) rideService.charge(sideEffect.cents)
                null -> Unit
            }
        }
    }

    private fun fareFor(distanceMeters: Long): Long = baseFareCents + centsPerKm * distanceMeters / 1000

    companion object {
        const val FREE_CANCEL_ETA_MINUTES = 2
        const val CANCELLATION_FEE_CENTS = 500L
    }
}
