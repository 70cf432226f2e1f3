package com.example.checkout

interface Analytics {
    fun track(event: String)
}
