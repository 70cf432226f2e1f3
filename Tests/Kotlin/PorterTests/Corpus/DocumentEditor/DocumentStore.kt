package com.example.editor

interface DocumentStore {
    fun persist(document: Document)
}

interface EditorUi {
    fun render(text: String, canUndo: Boolean, canRedo: Boolean)
    fun showError(message: String)
    fun confirmDiscard()
}
