package com.example.login

@JvmInline
value class UserId(val value: String)
