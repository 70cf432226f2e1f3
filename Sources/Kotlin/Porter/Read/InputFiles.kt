package com.statemachine.porter

import java.nio.file.FileSystemException
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths
import java.nio.file.attribute.BasicFileAttributes

/** One input: its path (as given, for messages) and its text, as kotlinc reads it. */
class InputFile(val path: String, text: String) {
    /** Line ends as `\n` and without a leading byte-order mark: kotlinc reads UTF-8 files written either way. */
    val text: String = text.removePrefix("\uFEFF").replace("\r\n", "\n").replace('\r', '\n')
}

/**
 * The Kotlin files named on the command line, read as kotlinc reads them. A folder stands for the `.kt` files under
 * it (not its scripts, `build.gradle.kts`); a script named on its own is refused with what to do. What is not a regular file (a named pipe, a device, a socket, a broken or looping
 * symbolic link) is named for what it is and never opened, so nothing can make the porter wait or read
 * forever; a file larger than [MAX_FILE_BYTES] is refused as too large.
 */
object InputFiles {
    /** The largest Kotlin file read: real machine files are kilobytes; the compiler's parser changes mode at 20 MiB. */
    const val MAX_FILE_BYTES = 4L shl 20

    /** Reads [paths]; throws [PortError] naming every path that cannot be read and why. */
    fun read(paths: List<String>): List<InputFile> {
        val files = mutableListOf<InputFile>()
        val problems = mutableListOf<String>()
        for (path in paths) {
            try {
                files += readPath(path)
            } catch (problem: Unreadable) {
                problems += "$path:1:1: error: ${problem.message}"
            }
        }
        if (problems.isNotEmpty()) throw PortError(problems)
        return files
    }

    private class Unreadable(message: String) : Exception(message)

    private fun readPath(path: String): List<InputFile> {
        val file = Paths.get(path)
        val attributes = attributes(file)
        if (attributes.isDirectory) {
            val found = Files.walk(file).use { stream ->
                // Scripts (`build.gradle.kts`) are not sources of a machine: a folder's `.kt` files only.
                stream.filter { it.fileName.toString().endsWith(".kt") }.sorted().toList()
            }.filter { candidate -> kind(candidate) == null }
            if (found.isEmpty()) throw Unreadable("the folder has no .kt files")
            return found.map { readFile(it, it.toString()) }
        }
        return listOf(readFile(file, path))
    }

    private fun readFile(file: Path, shown: String): InputFile {
        kind(file)?.let { throw Unreadable(if (shown == file.toString()) it else "$shown: $it") }
        if (file.fileName.toString().endsWith(".kts")) {
            throw Unreadable("a Kotlin script is not ported: move the machine and its types into a .kt file (its top-level " +
                "statements, which run the machine, stay in the script)")
        }
        val size = Files.size(file)
        if (size > MAX_FILE_BYTES) {
            throw Unreadable("the file is too large (${size / 1024} KiB); the porter reads Kotlin files of at most ${MAX_FILE_BYTES shr 20} MiB")
        }
        return InputFile(shown, String(Files.readAllBytes(file), Charsets.UTF_8))
    }

    /** The file's attributes, following links; a path that cannot be followed is [Unreadable], saying why. */
    private fun attributes(file: Path): BasicFileAttributes {
        try {
            return Files.readAttributes(file, BasicFileAttributes::class.java)
        } catch (failure: FileSystemException) {
            throw Unreadable(missingReason(file, failure))
        } catch (failure: java.io.IOException) {
            throw Unreadable("cannot read it: ${failure.message}")
        }
    }

    /** Why [file] cannot be read as a regular file, or null when it can. */
    private fun kind(file: Path): String? {
        val attributes = try {
            Files.readAttributes(file, BasicFileAttributes::class.java)
        } catch (failure: FileSystemException) {
            return missingReason(file, failure)
        }
        if (attributes.isRegularFile) return if (Files.isReadable(file)) null else "permission denied"
        if (attributes.isDirectory) return "a folder, not a Kotlin file"
        val mode = runCatching { Files.getAttribute(file, "unix:mode") as Int }.getOrNull()
        return when (mode?.and(0xF000)) {
            0x1000 -> "a named pipe (FIFO), not a regular file"
            0x2000 -> "a character device, not a regular file"
            0x6000 -> "a block device, not a regular file"
            0xC000 -> "a socket, not a regular file"
            else -> "not a regular file"
        }
    }

    private fun missingReason(file: Path, failure: FileSystemException): String {
        val reason = failure.reason.orEmpty()
        return when {
            "Too many levels of symbolic links" in reason || "loop" in reason.lowercase() ->
                "a symbolic link loop (too many levels of symbolic links)"
            Files.isSymbolicLink(file) -> "a symbolic link to a file that does not exist"
            failure is java.nio.file.NoSuchFileException -> "no such file or folder"
            failure is java.nio.file.AccessDeniedException -> "permission denied"
            reason.isNotEmpty() -> reason.replaceFirstChar { it.lowercase() }
            else -> "cannot read it"
        }
    }
}
