package com.example.upload

import java.util.UUID

data class PendingPhoto(val id: UUID, val path: String, val sizeBytes: Long)

/** The photos waiting to be uploaded, oldest first. */
class UploadQueue(private val capacity: Int = 50) {
    private val photos = mutableListOf<PendingPhoto>()

    var uploadedBytes = 0L
        private set

    val size: Int
        get() = photos.size

    fun offer(photo: PendingPhoto): Boolean {
        if (photos.size >= capacity || photos.any { it.path == photo.path }) return false
        photos += photo
        return true
    }

    fun peek(): PendingPhoto? = photos.firstOrNull()

    fun find(id: UUID): PendingPhoto? = photos.firstOrNull { it.id == id }

    fun complete(id: UUID): PendingPhoto? {
        val index = photos.indexOfFirst { it.id == id }
        if (index < 0) return null
        val photo = photos.removeAt(index)
        uploadedBytes += photo.sizeBytes
        return photo
    }

    fun chunksOf(photo: PendingPhoto, chunkBytes: Int): Int =
        maxOf(1, ((photo.sizeBytes + chunkBytes - 1) / chunkBytes).toInt())
}
