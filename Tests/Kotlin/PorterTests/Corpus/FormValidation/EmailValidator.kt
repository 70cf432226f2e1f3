package com.example.form

fun interface EmailValidator {
    fun isValid(email: String): Boolean
}
