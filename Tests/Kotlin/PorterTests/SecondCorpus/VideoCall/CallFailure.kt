package com.example.call

import java.io.IOException

sealed class CallFailure(message: String) : Exception(message)

object Busy : CallFailure("the callee is busy")

object Declined : CallFailure("the callee declined the call")

class MediaFailure(cause: IOException) : CallFailure("media stream failed: ${cause.message}")
