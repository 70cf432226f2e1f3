package com.example.lock

/** The keypad on the outside of the door: collects digits and counts wrong codes. */
class PinPad(val length: Int = 4) {
    private val digits = StringBuilder()

    var failures = 0
        private set

    val entered: Int
        get() = digits.length

    val complete: Boolean
        get() = digits.length >= length

    fun press(digit: Int) {
        if (!complete) digits.append(digit.coerceIn(0, 9))
    }

    /** Compares what was typed with [code] and clears the pad; a wrong code counts as a failure. */
    fun check(code: String): Boolean {
        val matches = digits.toString() == code
        if (matches) failures = 0 else failures++
        digits.setLength(0)
        return matches
    }

    fun clear() {
        digits.setLength(0)
    }

    fun forgetFailures() {
        failures = 0
    }
}
