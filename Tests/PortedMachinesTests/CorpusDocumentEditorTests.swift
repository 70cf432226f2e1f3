import Foundation
import StateMachine
import Testing

// The corpus's DocumentEditor: `abstract class TextEdit` whose subclasses implement `applyTo` and `invert`; the undo
// and redo stacks are `List<EditorEvent.TextEdit>`, so TextEdit is an enum of its own nested in the event's
// (`EditorEvent.TextEdit`), with the two cases, `applyTo` and `invert` (each case with its subclass's body) and
// conversions both ways; undo and redo stacks (`lastOrNull() ?: return@on`,
// `last()`, `dropLast`, `takeLast`); `'\b'`; `text.removeRange(start, end)`; `clock.instant()` of a `java.time.Clock`.
// Its handlers read `document`, which Kotlin resolves to the constructor parameter of EditorStateMachine (a parameter
// in scope wins over the state's property of the same name): every edit starts from the document the machine was made
// with. These expectations are derived by hand from the Kotlin.

private typealias Editor = CorpusDocumentEditor

/// A clock that says 1 000 s after the epoch, then a second later at each call.
private final class Ticks: Editor.Clock {
    var seconds = 1_000.0
    func instant() -> Date {
        defer { seconds += 1 }
        return Date(timeIntervalSince1970: seconds)
    }
}

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
    let clock: any Editor.Clock = Ticks()
    let screen = Screen()
    var ui: any Editor.EditorUi { screen }
    var store: any Editor.DocumentStore { screen }
}

@Suite struct CorpusDocumentEditorTests {
    @Test func theTextEditsOwnFunctionsApplyAndInvertThem() {
        typealias TextEdit = Editor.EditorEvent.TextEdit
        #expect(TextEdit.insert(position: 1, text: "X").applyTo("ab") == "aXb")
        #expect(TextEdit.insert(position: 9, text: "X").applyTo("ab") == "abX")
        #expect(TextEdit.delete(position: 1, length: 5).applyTo("abc") == "a")
        // Kotlin's removeRange(1, 2): the characters from 1 up to 2.
        #expect(TextEdit.delete(position: 1, length: 1).applyTo("abc") == "ac")
        #expect(TextEdit.delete(position: 0, length: 3).applyTo("abc") == "")
        #expect(TextEdit.insert(position: 1, text: "XY").invert("ab") == .delete(position: 1, length: 2))
        #expect(TextEdit.delete(position: 1, length: 1).invert("abc") == .insert(position: 1, text: "b"))
        // Past the end: Kotlin's coerceIn clamps the position to the text.
        #expect(TextEdit.delete(position: 5, length: 1).invert("abc") == .insert(position: 3, text: ""))
    }

    @Test func aTextEditIsAnEventAndBackWithItsPayload() {
        #expect(Editor.EditorEvent.TextEdit.insert(position: 1, text: "X").editorEvent == .insert(position: 1, text: "X"))
        #expect(Editor.EditorEvent.TextEdit.delete(position: 2, length: 3).editorEvent == .delete(position: 2, length: 3))
        #expect(Editor.EditorEvent.insert(position: 1, text: "X").textEdit == .insert(position: 1, text: "X"))
        #expect(Editor.EditorEvent.delete(position: 2, length: 3).textEdit == .delete(position: 2, length: 3))
        // The events that are not TextEdits in Kotlin are not ones here.
        #expect(Editor.EditorEvent.typeChar(char: "a", position: 0).textEdit == nil)
        #expect(Editor.EditorEvent.undo.textEdit == nil)
    }

    @Test func aTextEditIsCodedAsTheSameEvent() throws {
        // Fixtures write an edit of the undo stack as they write the event: {"insert": {"position": 1, "text": "X"}}.
        let edit = Editor.EditorEvent.TextEdit.insert(position: 1, text: "X")
        let data = try JSONEncoder().encode(edit)
        #expect(try JSONDecoder().decode(Editor.EditorEvent.self, from: data) == .insert(position: 1, text: "X"))
        let event = try JSONEncoder().encode(Editor.EditorEvent.delete(position: 0, length: 2))
        #expect(try JSONDecoder().decode(Editor.EditorEvent.TextEdit.self, from: event) == .delete(position: 0, length: 2))
        let undo = try JSONEncoder().encode(Editor.EditorEvent.undo)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Editor.EditorEvent.TextEdit.self, from: undo) }
    }

    @Test func editsStartFromTheDocumentTheMachineWasMadeWith() throws {
        let owner = Owner()
        let machine = StateMachine(definition: Editor.definition(owner))
        func document(_ text: String) -> Editor.Document { Editor.Document(id: "d1", text: text, revision: 1) }

        #expect(try machine.transition(.insert(position: 1, text: "X")).toState ==
            .dirty(document: document("aXb"), undoStack: [.delete(position: 1, length: 1)], redoStack: []))
        // A backspace at 3 deletes the character before it, of the constructor's "ab": position 2 is its end.
        #expect(try machine.transition(.typeChar(char: "\u{8}", position: 3)).toState ==
            .dirty(document: document("ab"), undoStack: [.delete(position: 1, length: 1), .insert(position: 2, text: "")], redoStack: []))
        // The undo stack keeps the last maxUndo (2) edits.
        #expect(try machine.transition(.insert(position: 0, text: "Z")).toState ==
            .dirty(document: document("Zab"), undoStack: [.insert(position: 2, text: ""), .delete(position: 0, length: 1)], redoStack: []))
        // Undo applies delete(0, 1) to "ab", and its inverse, of "ab", is insert(0, "a").
        #expect(try machine.transition(.undo).toState ==
            .dirty(document: document("b"), undoStack: [.insert(position: 2, text: "")], redoStack: [.insert(position: 0, text: "a")]))
        #expect(try machine.transition(.undo).toState ==
            .dirty(document: document("ab"), undoStack: [], redoStack: [.insert(position: 0, text: "a"), .delete(position: 2, length: 0)]))
        // Nothing left to undo: no transition.
        let nothing = try machine.transition(.undo)
        #expect(nothing.toState == nothing.fromState)
        #expect(nothing.sideEffect == nil)
        #expect(try machine.transition(.redo).toState ==
            .dirty(document: document("ab"), undoStack: [.insert(position: 2, text: "")], redoStack: [.insert(position: 0, text: "a")]))
        #expect(try machine.transition(.close).sideEffect == .confirmDiscard)
        let saving = try machine.transition(.save)
        #expect(saving.toState == .saving(document: document("ab"), undoStack: [.insert(position: 2, text: "")]))
        #expect(saving.sideEffect == .persist(document: document("ab")))
        // Saved: the constructor's document at the new revision, saved at the clock's instant.
        #expect(try machine.transition(.saved(revision: 7)).toState ==
            .clean(document: Editor.Document(id: "d1", text: "ab", revision: 7), savedAt: Date(timeIntervalSince1970: 1_000)))

        #expect(owner.screen.renders == [
            "aXb undo:true redo:false", "ab undo:true redo:false", "Zab undo:true redo:false", "b undo:true redo:true",
            "ab undo:false redo:true", "ab undo:false redo:true", "ab undo:true redo:true", "ab undo:true redo:true",
            "ab undo:false redo:false", "ab undo:false redo:false",
        ])
        #expect(owner.screen.events == ["confirm discard", "persist ab"])
    }

    @Test func typingInACleanDocumentMakesItDirty() throws {
        let machine = StateMachine(definition: Editor.definition(Owner()))
        #expect(try machine.transition(.typeChar(char: "!", position: 2)).toState == .dirty(
            document: Editor.Document(id: "d1", text: "ab!", revision: 1), undoStack: [.delete(position: 2, length: 1)], redoStack: []))
    }
}
