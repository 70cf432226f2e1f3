package com.example.editor

import com.tinder.StateMachine
import java.time.Clock

class EditorStateMachine(
    private val store: DocumentStore,
    private val ui: EditorUi,
    private val clock: Clock,
    document: Document,
    private val maxUndo: Int = 100,
) {

    val stateMachine = StateMachine.create<EditorState, EditorEvent, EditorSideEffect> {
        initialState(EditorState.Clean(document, savedAt = null))

        state<EditorState.Clean> {
            on<EditorEvent.TextEdit> {
                val before = document.text
                transitionTo(EditorState.Dirty(document.copy(text = it.applyTo(before)), listOf(it.invert(before))))
            }
            on<EditorEvent.TypeChar> {
                val edit = EditorEvent.Insert(it.position, it.char.toString())
                transitionTo(EditorState.Dirty(document.copy(text = edit.applyTo(document.text)), listOf(edit.invert(document.text))))
            }
            on(EditorEvent.Close) {
                transitionTo(EditorState.Closed(document))
            }
        }

        state<EditorState.Dirty> {
            on<EditorEvent.TextEdit> {
                val before = document.text
                transitionTo(
                    EditorState.Dirty(
                        document.copy(text = it.applyTo(before)),
                        (undoStack + it.invert(before)).takeLast(maxUndo),
                        redoStack = emptyList(),
                    ),
                )
            }
            on<EditorEvent.TypeChar> {
                if (it.char == '\b') {
                    val edit = EditorEvent.Delete(it.position - 1, 1)
                    transitionTo(copy(document = document.copy(text = edit.applyTo(document.text)), undoStack = undoStack + edit.invert(document.text)))
                } else {
                    val edit = EditorEvent.Insert(it.position, it.char.toString())
                    transitionTo(copy(document = document.copy(text = edit.applyTo(document.text)), undoStack = undoStack + edit.invert(document.text)))
                }
            }
            on(EditorEvent.Undo) {
                val inverse = undoStack.lastOrNull() ?: return@on dontTransition()
                val before = document.text
                transitionTo(
                    copy(
                        document = document.copy(text = inverse.applyTo(before)),
                        undoStack = undoStack.dropLast(1),
                        redoStack = redoStack + inverse.invert(before),
                    ),
                )
            }
            on(EditorEvent.Redo) {
                if (redoStack.isEmpty()) {
                    dontTransition()
                } else {
                    val edit = redoStack.last()
                    val before = document.text
                    transitionTo(
                        copy(
                            document = document.copy(text = edit.applyTo(before)),
                            undoStack = undoStack + edit.invert(before),
                            redoStack = redoStack.dropLast(1),
                        ),
                    )
                }
            }
            on(EditorEvent.Save) {
                transitionTo(EditorState.Saving(document, undoStack), EditorSideEffect.Persist(document))
            }
            on(EditorEvent.Close) {
                dontTransition(EditorSideEffect.ConfirmDiscard)
            }
        }

        state<EditorState.Saving> {
            on<EditorEvent.Saved> {
                transitionTo(EditorState.Clean(document.copy(revision = it.revision), savedAt = clock.instant()))
            }
            on<EditorEvent.SaveFailed> {
                transitionTo(
                    EditorState.Dirty(document, undoStack),
                    EditorSideEffect.ShowError("Could not save: ${it.error.message ?: "unknown error"}"),
                )
            }
        }

        state<EditorState.Closed> {}

        onTransition {
            val validTransition = it as? StateMachine.Transition.Valid ?: return@onTransition
            when (val state = validTransition.toState) {
                is EditorState.Dirty -> ui.render(state.document.text, state.undoStack.isNotEmpty(), state.redoStack.isNotEmpty())
                else -> ui.render(state.document.text, canUndo = false, canRedo = false)
            }
            when (val sideEffect = validTransition.sideEffect) {
                is EditorSideEffect.Persist -> store.persist(sideEffect.document)
                is EditorSideEffect.ShowError -> ui.showError(sideEffect.message)
                EditorSideEffect.ConfirmDiscard -> ui.confirmDiscard()
                null -> Unit
            }
        }
    }
}
