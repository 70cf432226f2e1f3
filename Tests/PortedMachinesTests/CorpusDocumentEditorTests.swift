import StateMachine
import Testing

// The corpus's DocumentEditor: `abstract class TextEdit` whose subclasses implement `applyTo` and `invert`, ported as
// functions of the event enum, each case with its subclass's body; undo and redo stacks (`lastOrNull() ?: return@on`,
// `last()`, `dropLast`, `takeLast`); `'\b'`. Its `Saved` and `SaveFailed` handlers (an `Instant`, a `Throwable`) are
// placeholders, so the machine is not recorded; these expectations are derived by hand from the Kotlin.

private typealias Editor = CorpusDocumentEditor

private struct NoClock: Editor.Clock {}

private final class Screen: Editor.EditorUi, Editor.DocumentStore {
    var renders: [String] = []
    var events: [String] = []

    func render(_ text: String, _ canUndo: Bool, _ canRedo: Bool) {
        renders.append("\(text) undo:\(canUndo) redo:\(canRedo)")
    }

    func showError(_ message: String) { events.append("error \(message)") }
    func confirmDiscard() { events.append("confirm discard") }
    func persist(_ document: Editor.Document) { events.append("persist \(document.text)") }
}

private struct Owner: Editor.Collaborators {
    let document = Editor.Document(id: "d1", text: "ab", revision: 1)
    let maxUndo = 2
    let clock: any Editor.Clock = NoClock()
    let screen = Screen()
    var ui: any Editor.EditorUi { screen }
    var store: any Editor.DocumentStore { screen }
}

@Suite struct CorpusDocumentEditorTests {
    @Test func theTextEditsOwnFunctionsApplyAndInvertThem() {
        #expect(Editor.EditorEvent.insert(position: 1, text: "X").applyTo("ab") == "aXb")
        #expect(Editor.EditorEvent.insert(position: 9, text: "X").applyTo("ab") == "abX")
        #expect(Editor.EditorEvent.delete(position: 1, length: 5).applyTo("abc") == "a")
        #expect(Editor.EditorEvent.insert(position: 1, text: "XY").invert("ab") == .delete(position: 1, length: 2))
        #expect(Editor.EditorEvent.delete(position: 1, length: 1).invert("abc") == .insert(position: 1, text: "b"))
        // Past the end: Kotlin's coerceIn clamps the position to the text.
        #expect(Editor.EditorEvent.delete(position: 5, length: 1).invert("abc") == .insert(position: 3, text: ""))
    }

    @Test func editsUndoAndRedo() throws {
        let owner = Owner()
        let machine = StateMachine(definition: Editor.definition(owner))
        func document(_ text: String) -> Editor.Document { Editor.Document(id: "d1", text: text, revision: 1) }

        #expect(try machine.transition(.insert(position: 1, text: "X")).toState ==
            .dirty(document: document("aXb"), undoStack: [.delete(position: 1, length: 1)], redoStack: []))
        // A backspace at 3 deletes the character before it.
        #expect(try machine.transition(.typeChar(char: "\u{8}", position: 3)).toState ==
            .dirty(document: document("aX"), undoStack: [.delete(position: 1, length: 1), .insert(position: 2, text: "b")], redoStack: []))
        // The undo stack keeps the last maxUndo (2) edits.
        #expect(try machine.transition(.insert(position: 0, text: "Z")).toState ==
            .dirty(document: document("ZaX"), undoStack: [.insert(position: 2, text: "b"), .delete(position: 0, length: 1)], redoStack: []))
        #expect(try machine.transition(.undo).toState ==
            .dirty(document: document("aX"), undoStack: [.insert(position: 2, text: "b")], redoStack: [.insert(position: 0, text: "Z")]))
        #expect(try machine.transition(.undo).toState ==
            .dirty(document: document("aXb"), undoStack: [], redoStack: [.insert(position: 0, text: "Z"), .delete(position: 2, length: 1)]))
        // Nothing left to undo: no transition.
        let nothing = try machine.transition(.undo)
        #expect(nothing.toState == nothing.fromState)
        #expect(nothing.sideEffect == nil)
        #expect(try machine.transition(.redo).toState ==
            .dirty(document: document("aX"), undoStack: [.insert(position: 2, text: "b")], redoStack: [.insert(position: 0, text: "Z")]))
        #expect(try machine.transition(.close).sideEffect == .confirmDiscard)
        let saving = try machine.transition(.save)
        #expect(saving.toState == .saving(document: document("aX"), undoStack: [.insert(position: 2, text: "b")]))
        #expect(saving.sideEffect == .persist(document: document("aX")))

        #expect(owner.screen.renders == [
            "aXb undo:true redo:false", "aX undo:true redo:false", "ZaX undo:true redo:false", "aX undo:true redo:true",
            "aXb undo:false redo:true", "aXb undo:false redo:true", "aX undo:true redo:true", "aX undo:true redo:true",
            "aX undo:false redo:false",
        ])
        #expect(owner.screen.events == ["confirm discard", "persist aX"])
    }

    @Test func typingInACleanDocumentMakesItDirty() throws {
        let machine = StateMachine(definition: Editor.definition(Owner()))
        #expect(try machine.transition(.typeChar(char: "!", position: 2)).toState == .dirty(
            document: Editor.Document(id: "d1", text: "ab!", revision: 1), undoStack: [.delete(position: 2, length: 1)], redoStack: []))
    }
}
