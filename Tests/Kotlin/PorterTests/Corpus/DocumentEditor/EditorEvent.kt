package com.example.editor

sealed class EditorEvent {
    /** Every change to the text: undoable, and it makes the document dirty. */
    abstract class TextEdit : EditorEvent() {
        abstract val position: Int
        abstract fun applyTo(text: String): String
        abstract fun invert(before: String): TextEdit
    }

    data class Insert(override val position: Int, val text: String) : TextEdit() {
        override fun applyTo(text: String): String =
            text.substring(0, position.coerceIn(0, text.length)) + this.text + text.substring(position.coerceIn(0, text.length))

        override fun invert(before: String): TextEdit = Delete(position, text.length)
    }

    data class Delete(override val position: Int, val length: Int) : TextEdit() {
        override fun applyTo(text: String): String {
            val start = position.coerceIn(0, text.length)
            val end = (position + length).coerceIn(start, text.length)
            return text.removeRange(start, end)
        }

        override fun invert(before: String): TextEdit {
            val start = position.coerceIn(0, before.length)
            return Insert(start, before.substring(start, (position + length).coerceIn(start, before.length)))
        }
    }

    data class TypeChar(val char: Char, val position: Int) : EditorEvent()
    data object Undo : EditorEvent()
    data object Redo : EditorEvent()
    data object Save : EditorEvent()
    data class Saved(val revision: Long) : EditorEvent()
    data class SaveFailed(val error: Throwable) : EditorEvent()
    data object Close : EditorEvent()
}
