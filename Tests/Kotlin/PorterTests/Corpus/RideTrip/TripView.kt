package com.example.ride

interface TripView {
    fun showTitle(title: String)
    fun showMessage(message: String)
}

interface RideService {
    fun searchDrivers(pickup: String)
    fun charge(cents: Long)
}
