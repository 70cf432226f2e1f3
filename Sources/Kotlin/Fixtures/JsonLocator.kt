package com.statemachine.spec.fixtures

/**
 * Finds where a value sits in JSON text that [parseJson] already read, so that a [FormatError] names a line and a
 * column as the Swift reader's errors do (`matter.json:12:7: scenarios[2].event: …`).
 *
 * Parsed nodes carry their path (`$.scenarios[2].event`), not their place: this walks the text once more, building
 * the same paths ([memberPath]), until it meets the one asked for. It only locates: on text it does not expect it
 * gives up (`null`) rather than throw.
 */
internal class JsonLocator(private val text: String) {
    private var index = 0

    /** The 1-based line and column (in Unicode scalars) of the value at [path], or of its key when [atKey]. */
    fun position(path: String, atKey: Boolean = false): Pair<Int, Int>? {
        index = 0
        val offset = try { find("$", path, atKey) } catch (e: GiveUp) { null } ?: return null
        return position(offset)
    }

    /** The line and column of [offset] in the text. */
    fun position(offset: Int): Pair<Int, Int> {
        var line = 1
        var column = 1
        var at = 0
        while (at < minOf(offset, text.length)) {
            val unit = text[at]
            if (unit == '\n') {
                line += 1
                column = 1
            } else if (!unit.isLowSurrogate()) {
                column += 1
            }
            at += 1
        }
        return line to column
    }

    /** Text the locator did not expect: it gives up. */
    private class GiveUp : RuntimeException()

    /**
     * The offset of [target] inside the value that starts here, whose path is [path] (`null` for a value outside
     * the target's path, which is only skipped); the index ends after the value.
     */
    private fun find(path: String?, target: String, atKey: Boolean): Int? {
        skipSpace()
        val start = index
        if (path == target && !atKey) return start
        // The path of a value that may hold the target; null when the target is elsewhere.
        val inside = path?.takeIf { target.startsWith(it) }
        when (peek()) {
            '{' -> {
                index += 1
                skipSpace()
                if (peek() == '}') { index += 1; return null }
                // A key is found at its last place: a duplicate key's error is about the second one.
                var key: Int? = null
                while (true) {
                    skipSpace()
                    val keyStart = index
                    val name = string()
                    val childPath = inside?.let { memberPath(it, name) }
                    if (atKey && childPath == target) key = keyStart
                    skipSpace()
                    expect(':')
                    val found = find(childPath, target, atKey)
                    if (found != null) return found
                    skipSpace()
                    if (peek() == ',') { index += 1; continue }
                    expect('}')
                    return key
                }
            }
            '[' -> {
                index += 1
                skipSpace()
                if (peek() == ']') { index += 1; return null }
                var item = 0
                while (true) {
                    val found = find(inside?.let { "$it[$item]" }, target, atKey)
                    if (found != null) return found
                    item += 1
                    skipSpace()
                    if (peek() == ',') { index += 1; continue }
                    expect(']')
                    return null
                }
            }
            '"' -> string()
            else -> while (index < text.length && text[index] !in ",:]} \t\r\n") index += 1
        }
        return null
    }

    /** The string that starts here, decoded (a key names a member path by its decoded text). */
    private fun string(): String {
        expect('"')
        val out = StringBuilder()
        while (true) {
            if (index >= text.length) throw GiveUp()
            val unit = text[index++]
            when (unit) {
                '"' -> return out.toString()
                '\\' -> {
                    if (index >= text.length) throw GiveUp()
                    when (val escaped = text[index++]) {
                        'n' -> out.append('\n')
                        't' -> out.append('\t')
                        'r' -> out.append('\r')
                        'b' -> out.append('\b')
                        'f' -> out.append('\u000C')
                        'u' -> {
                            if (index + 4 > text.length) throw GiveUp()
                            out.append(text.substring(index, index + 4).toIntOrNull(16)?.toChar() ?: throw GiveUp())
                            index += 4
                        }
                        else -> out.append(escaped)
                    }
                }
                else -> out.append(unit)
            }
        }
    }

    private fun peek(): Char? = text.getOrNull(index)

    private fun expect(char: Char) {
        if (peek() != char) throw GiveUp()
        index += 1
    }

    private fun skipSpace() {
        while (index < text.length && text[index] in " \t\r\n") index += 1
    }
}
