package com.example.upload

import java.io.IOException

/** Why the uploader stopped; its [message] is what the notification says. */
sealed class UploadError(val message: String)

object QuotaExceeded : UploadError("Your cloud storage is full")

object Offline : UploadError("Waiting for a connection")

data class Transport(val cause: IOException) : UploadError(cause.message ?: "Upload failed")
