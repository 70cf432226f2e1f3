package com.example.editor

import java.time.Instant

data class Document(val id: String, val text: String, val revision: Long)

sealed class EditorState {
    abstract val document: Document

    data class Clean(override val document: Document, val savedAt: Instant?) : EditorState()
    data class Dirty(
        override val document: Document,
        val undoStack: List<EditorEvent.TextEdit>,
        val redoStack: List<EditorEvent.TextEdit> = emptyList(),
    ) : EditorState()
    data class Saving(override val document: Document, val undoStack: List<EditorEvent.TextEdit>) : EditorState()
    data class Closed(override val document: Document) : EditorState()
}

sealed class EditorSideEffect {
    data class Persist(val document: Document) : EditorSideEffect()
    data class ShowError(val message: String) : EditorSideEffect()
    data object ConfirmDiscard : EditorSideEffect()
}
