// Ported from EditorStateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import Foundation
import StateMachine

enum CorpusDocumentEditor: StateMachineBuilder {

    typealias State = EditorState
    typealias Event = EditorEvent
    typealias SideEffect = EditorSideEffect

    enum EditorState: StateMachineHashable, Codable, Equatable {
        case clean(document: Document, savedAt: Date?)
        case dirty(document: Document, undoStack: [EditorEvent.TextEdit], redoStack: [EditorEvent.TextEdit])
        case saving(document: Document, undoStack: [EditorEvent.TextEdit])
        case closed(document: Document)

        enum HashableIdentifier: String { case clean, dirty, saving, closed }

        var document: Document {
            switch self {
            case let .clean(document, _): document
            case let .dirty(document, _, _): document
            case let .saving(document, _): document
            case let .closed(document): document
            }
        }
    }

    enum EditorEvent: StateMachineHashable, Codable, Equatable {
        case insert(position: Int, text: String)
        case delete(position: Int, length: Int)
        case typeChar(char: Character, position: Int)
        case undo
        case redo
        case save
        case saved(revision: Int64)
        case saveFailed(error: KotlinThrowable)
        case close

        enum HashableIdentifier: String { case insert, delete, typeChar, undo, redo, save, saved, saveFailed, close }

        /// This enum with each `Character` a one-character `String`, as fixtures write it: Swift's `Character` is
        /// not `Codable`.
        private enum Coded: Codable {
            case insert(position: Int, text: String)
            case delete(position: Int, length: Int)
            case typeChar(char: String, position: Int)
            case undo
            case redo
            case save
            case saved(revision: Int64)
            case saveFailed(error: KotlinThrowable)
            case close
        }

        init(from decoder: any Decoder) throws {
            switch try Coded(from: decoder) {
            case let .insert(position, text): self = .insert(position: position, text: text)
            case let .delete(position, length): self = .delete(position: position, length: length)
            case let .typeChar(char, position): self = .typeChar(char: try character(char, decoder), position: position)
            case .undo: self = .undo
            case .redo: self = .redo
            case .save: self = .save
            case let .saved(revision): self = .saved(revision: revision)
            case let .saveFailed(error): self = .saveFailed(error: error)
            case .close: self = .close
            }
        }

        func encode(to encoder: any Encoder) throws {
            let coded: Coded = switch self {
            case let .insert(position, text): .insert(position: position, text: text)
            case let .delete(position, length): .delete(position: position, length: length)
            case let .typeChar(char, position): .typeChar(char: String(char), position: position)
            case .undo: .undo
            case .redo: .redo
            case .save: .save
            case let .saved(revision): .saved(revision: revision)
            case let .saveFailed(error): .saveFailed(error: error)
            case .close: .close
            }
            try coded.encode(to: encoder)
        }

        /// Every change to the text: undoable, and it makes the document dirty.
        enum TextEdit: Codable, Equatable {
            case insert(position: Int, text: String)
            case delete(position: Int, length: Int)

            var position: Int {
                switch self {
                case let .insert(position, _): position
                case let .delete(position, _): position
                }
            }

            func applyTo(_ text: String) -> String {
                switch self {
                case let .insert(position, insertText):
                    return String(text.dropFirst(0).prefix(min(max(position, 0), text.count) - 0)) + insertText + String(text.dropFirst(min(max(position, 0), text.count)))
                case let .delete(position, length):
                    let start = min(max(position, 0), text.count)
                    let end = min(max(position + length, start), text.count)
                    return removeRange(text, start, end)
                }
            }

            func invert(_ before: String) -> EditorEvent.TextEdit {
                switch self {
                case let .insert(position, text):
                    return .delete(position: position, length: text.count)
                case let .delete(position, length):
                    let start = min(max(position, 0), before.count)
                    return .insert(position: start, text: String(before.dropFirst(start).prefix(min(max(position + length, start), before.count) - start)))
                }
            }

            /// This value as an `EditorEvent`.
            var editorEvent: EditorEvent {
                switch self {
                case let .insert(position, text): .insert(position: position, text: text)
                case let .delete(position, length): .delete(position: position, length: length)
                }
            }
        }

        /// This value as a `TextEdit`, or nil when it is not one.
        var textEdit: TextEdit? {
            switch self {
            case let .insert(position, text): .insert(position: position, text: text)
            case let .delete(position, length): .delete(position: position, length: length)
            default: nil
            }
        }
    }

    enum EditorSideEffect: Codable, Equatable {
        case persist(document: Document)
        case showError(message: String)
        case confirmDiscard
    }

    /// A key of a throwable as a fixture writes it: its class name, then `message`.
    struct ThrowableCodingKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ stringValue: String) { self.stringValue = stringValue }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A Kotlin `Throwable` a value carries (`IOException("disk full")`): its class name and message. Kotlin
    /// compares throwables by identity, and so does this: two are equal only when they are the same one. It is
    /// written as a fixture writes a throwable, `{"iOException": {"message": "disk full"}}`.
    final class KotlinThrowable: Error, Hashable, Codable, CustomStringConvertible, @unchecked Sendable {
        let type: String
        let message: String?

        init(_ type: String, _ message: String? = nil) {
            self.type = type
            self.message = message
        }

        static func == (lhs: KotlinThrowable, rhs: KotlinThrowable) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        /// Kotlin's `toString()`: the class's qualified name, then the message.
        var description: String { message.map { "\(qualifiedType): \($0)" } ?? qualifiedType }

        private var qualifiedType: String { Self.packages[type].map { "\($0).\(type)" } ?? type }

        private static let packages = [
            "Throwable": "java.lang", "Exception": "java.lang", "Error": "java.lang",
            "RuntimeException": "java.lang", "IOException": "java.io", "IllegalStateException": "java.lang",
            "IllegalArgumentException": "java.lang", "UnsupportedOperationException": "java.lang", "TimeoutException": "java.util.concurrent",
            "CancellationException": "java.util.concurrent", "SocketTimeoutException": "java.net", "UnknownHostException": "java.net",
            "FileNotFoundException": "java.io", "NoSuchElementException": "java.util",
        ]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ThrowableCodingKey.self)
            var fields = container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: ThrowableCodingKey(type.prefix(1).lowercased() + type.dropFirst()))
            try fields.encode(message, forKey: ThrowableCodingKey("message"))
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ThrowableCodingKey.self)
            guard container.allKeys.count == 1, let name = container.allKeys.first else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a throwable is {\"class\": {\"message\": …}}"))
            }
            type = name.stringValue.prefix(1).uppercased() + name.stringValue.dropFirst()
            message = try container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: name).decodeIfPresent(String.self, forKey: ThrowableCodingKey("message"))
        }
    }

    struct Document: Codable, Equatable {
        var id: String
        var text: String
        var revision: Int64
    }

    /// A `Character` decoded from its one-character string: Swift's `Character` is not `Codable`.
    private static func character(_ text: String, _ decoder: any Decoder) throws -> Character {
        guard text.unicodeScalars.count == 1, let character = text.first else {
            let context = DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected one character, got \"\(text)\"")
            throw DecodingError.dataCorrupted(context)
        }
        return character
    }

    /// Not declared in the files given: what the handlers call on it.
    protocol Clock {
        func instant() -> Date
    }

    protocol EditorUi {
        func render(_ text: String, _ canUndo: Bool, _ canRedo: Bool)
        func showError(_ message: String)
        func confirmDiscard()
    }

    protocol DocumentStore {
        func persist(_ document: Document)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var document: Document { get }
        var maxUndo: Int { get }
        var clock: any Clock { get }
        var ui: any EditorUi { get }
        var store: any DocumentStore { get }
    }

    /// Kotlin's `removeRange(start, end)`: the text without the characters from `start` up to `end` (counted as
    /// `substring` and `length` count them). Where Kotlin throws (`end` before `start`, a range outside the text), the
    /// port stops.
    static func removeRange(_ text: String, _ start: Int, _ end: Int) -> String {
        precondition(end >= start, "End index (\(end)) is less than start index (\(start)).")
        if end == start { return text }
        precondition(start >= 0 && end <= text.count, "The range \(start)..<\(end) is outside a text of length \(text.count).")
        return String(text.prefix(start)) + String(text.dropFirst(end))
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.clean(document: context.document, savedAt: nil))
            state(.clean) {
                on(.insert) { _, event in
                    guard let event = event.textEdit else { preconditionFailure() }
                    let before = context.document.text
                    return transition(to: .dirty(document: Document(id: context.document.id, text: event.applyTo(before), revision: context.document.revision), undoStack: [event.invert(before)], redoStack: []))
                }
                on(.delete) { _, event in
                    guard let event = event.textEdit else { preconditionFailure() }
                    let before = context.document.text
                    return transition(to: .dirty(document: Document(id: context.document.id, text: event.applyTo(before), revision: context.document.revision), undoStack: [event.invert(before)], redoStack: []))
                }
                on(.typeChar) { _, event in
                    guard case let .typeChar(char, position) = event else { preconditionFailure() }
                    let edit = EditorEvent.TextEdit.insert(position: position, text: String(describing: char))
                    return transition(to: .dirty(document: Document(id: context.document.id, text: edit.applyTo(context.document.text), revision: context.document.revision), undoStack: [edit.invert(context.document.text)], redoStack: []))
                }
                on(.eq(.close)) { transition(to: .closed(document: context.document)) }
            }
            state(.dirty) {
                on(.insert) { state, event in
                    guard let event = event.textEdit else { preconditionFailure() }
                    guard case let .dirty(_, undoStack, _) = state else { preconditionFailure() }
                    let before = context.document.text
                    return transition(to: .dirty(document: Document(id: context.document.id, text: event.applyTo(before), revision: context.document.revision), undoStack: Array((undoStack + [event.invert(before)]).suffix(context.maxUndo)), redoStack: []))
                }
                on(.delete) { state, event in
                    guard let event = event.textEdit else { preconditionFailure() }
                    guard case let .dirty(_, undoStack, _) = state else { preconditionFailure() }
                    let before = context.document.text
                    return transition(to: .dirty(document: Document(id: context.document.id, text: event.applyTo(before), revision: context.document.revision), undoStack: Array((undoStack + [event.invert(before)]).suffix(context.maxUndo)), redoStack: []))
                }
                on(.typeChar) { state, event in
                    guard case let .dirty(_, undoStack, redoStack) = state else { preconditionFailure() }
                    guard case let .typeChar(char, position) = event else { preconditionFailure() }
                    if char == "\u{8}" {
                        let edit = EditorEvent.TextEdit.delete(position: position - 1, length: 1)
                        return transition(to: .dirty(document: Document(id: context.document.id, text: edit.applyTo(context.document.text), revision: context.document.revision), undoStack: undoStack + [edit.invert(context.document.text)], redoStack: redoStack))
                    } else {
                        let edit = EditorEvent.TextEdit.insert(position: position, text: String(describing: char))
                        return transition(to: .dirty(document: Document(id: context.document.id, text: edit.applyTo(context.document.text), revision: context.document.revision), undoStack: undoStack + [edit.invert(context.document.text)], redoStack: redoStack))
                    }
                }
                on(.eq(.undo)) { state in
                    guard case let .dirty(_, undoStack, redoStack) = state else { preconditionFailure() }
                    guard let inverse = undoStack.last else {
                        return dontTransition()
                    }
                    let before = context.document.text
                    return transition(to: .dirty(document: Document(id: context.document.id, text: inverse.applyTo(before), revision: context.document.revision), undoStack: Array(undoStack.dropLast(1)), redoStack: redoStack + [inverse.invert(before)]))
                }
                on(.eq(.redo)) { state in
                    guard case let .dirty(_, undoStack, redoStack) = state else { preconditionFailure() }
                    if redoStack.isEmpty {
                        return dontTransition()
                    } else {
                        let edit = redoStack.last!
                        let before = context.document.text
                        return transition(to: .dirty(document: Document(id: context.document.id, text: edit.applyTo(before), revision: context.document.revision), undoStack: undoStack + [edit.invert(before)], redoStack: Array(redoStack.dropLast(1))))
                    }
                }
                on(.eq(.save)) { state in
                    guard case let .dirty(_, undoStack, _) = state else { preconditionFailure() }
                    return transition(to: .saving(document: context.document, undoStack: undoStack), emit: .persist(document: context.document))
                }
                on(.eq(.close)) { dontTransition(emit: .confirmDiscard) }
            }
            state(.saving) {
                on(.saved) { _, event in
                    guard case let .saved(revision) = event else { preconditionFailure() }
                    return transition(to: .clean(document: Document(id: context.document.id, text: context.document.text, revision: revision), savedAt: context.clock.instant()))
                }
                on(.saveFailed) { state, event in
                    guard case let .saving(_, undoStack) = state else { preconditionFailure() }
                    guard case let .saveFailed(error) = event else { preconditionFailure() }
                    return transition(to: .dirty(document: context.document, undoStack: undoStack, redoStack: []), emit: .showError(message: "Could not save: \(error.message ?? "unknown error")"))
                }
            }
            state(.closed)
            onTransition { result in
                guard case .success(let validTransition) = result else { return }
                let state = validTransition.toState
                switch state {
                case let .dirty(document, undoStack, redoStack):
                    context.ui.render(document.text, !undoStack.isEmpty, !redoStack.isEmpty)
                default:
                    context.ui.render(state.document.text, false, false)
                }
                let sideEffect = validTransition.sideEffect
                switch sideEffect {
                case let .persist(document):
                    context.store.persist(document)
                case let .showError(message):
                    context.ui.showError(message)
                case .confirmDiscard:
                    context.ui.confirmDiscard()
                case nil:
                    break
                }
            }
        }
    }
}
