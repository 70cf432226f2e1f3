// Ported from CharacterPayloads.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CharacterPayloads: StateMachineBuilder {

    typealias State = Keyboard
    typealias Event = KeyEvent
    typealias SideEffect = KeySideEffect

    enum Keyboard: StateMachineHashable, Codable, Equatable {
        case typing(last: Character?, typed: [Character], pressed: Set<Character>, counts: [Character: Int], names: [String: Character], chords: [Character: [Character]])
        case remapping(from: Key, binding: Binding)
        case locked

        enum HashableIdentifier: String { case typing, remapping, locked }

        /// This enum with each `Character` a one-character `String`, as fixtures write it: Swift's `Character` is
        /// not `Codable`.
        private enum Coded: Codable {
            case typing(last: String?, typed: [String], pressed: Set<String>, counts: [String: Int], names: [String: String], chords: [String: [String]])
            case remapping(from: Key, binding: Binding)
            case locked
        }

        init(from decoder: any Decoder) throws {
            switch try Coded(from: decoder) {
            case let .typing(last, typed, pressed, counts, names, chords):
                self = .typing(
                    last: try last.map { try character($0, decoder) },
                    typed: try typed.map { try character($0, decoder) },
                    pressed: Set(try pressed.map { try character($0, decoder) }),
                    counts: Dictionary(uniqueKeysWithValues: try counts.map { (try character($0.key, decoder), $0.value) }),
                    names: try names.mapValues { try character($0, decoder) },
                    chords: Dictionary(uniqueKeysWithValues: try chords.map { (try character($0.key, decoder), try $0.value.map { element1 in try character(element1, decoder) }) })
                )
            case let .remapping(from, binding): self = .remapping(from: from, binding: binding)
            case .locked: self = .locked
            }
        }

        func encode(to encoder: any Encoder) throws {
            let coded: Coded = switch self {
            case let .typing(last, typed, pressed, counts, names, chords):
                .typing(
                    last: last.map(String.init),
                    typed: typed.map(String.init),
                    pressed: Set(pressed.map(String.init)),
                    counts: Dictionary(uniqueKeysWithValues: counts.map { (String($0.key), $0.value) }),
                    names: names.mapValues(String.init),
                    chords: Dictionary(uniqueKeysWithValues: chords.map { (String($0.key), $0.value.map(String.init)) })
                )
            case let .remapping(from, binding): .remapping(from: from, binding: binding)
            case .locked: .locked
            }
            try coded.encode(to: encoder)
        }
    }

    enum KeyEvent: StateMachineHashable, Codable, Equatable {
        case press(char: Character)
        case remap(key: Key, binding: Binding)
        case name(name: String, char: Character?)
        case lock

        enum HashableIdentifier: String { case press, remap, name, lock }

        /// This enum with each `Character` a one-character `String`, as fixtures write it: Swift's `Character` is
        /// not `Codable`.
        private enum Coded: Codable {
            case press(char: String)
            case remap(key: Key, binding: Binding)
            case name(name: String, char: String?)
            case lock
        }

        init(from decoder: any Decoder) throws {
            switch try Coded(from: decoder) {
            case let .press(char): self = .press(char: try character(char, decoder))
            case let .remap(key, binding): self = .remap(key: key, binding: binding)
            case let .name(name, char): self = .name(name: name, char: try char.map { try character($0, decoder) })
            case .lock: self = .lock
            }
        }

        func encode(to encoder: any Encoder) throws {
            let coded: Coded = switch self {
            case let .press(char): .press(char: String(char))
            case let .remap(key, binding): .remap(key: key, binding: binding)
            case let .name(name, char): .name(name: name, char: char.map(String.init))
            case .lock: .lock
            }
            try coded.encode(to: encoder)
        }
    }

    enum KeySideEffect: Codable, Equatable {
        case echo(char: Character)
        case bound(binding: Binding?)

        /// This enum with each `Character` a one-character `String`, as fixtures write it: Swift's `Character` is
        /// not `Codable`.
        private enum Coded: Codable {
            case echo(char: String)
            case bound(binding: Binding?)
        }

        init(from decoder: any Decoder) throws {
            switch try Coded(from: decoder) {
            case let .echo(char): self = .echo(char: try character(char, decoder))
            case let .bound(binding): self = .bound(binding: binding)
            }
        }

        func encode(to encoder: any Encoder) throws {
            let coded: Coded = switch self {
            case let .echo(char): .echo(char: String(char))
            case let .bound(binding): .bound(binding: binding)
            }
            try coded.encode(to: encoder)
        }
    }

    struct Key: Codable, Equatable {
        var symbol: Character

        init(symbol: Character) {
            self.symbol = symbol
        }

        /// `Key` codes as the value it wraps, each `Character` a one-character `String`: Swift's `Character` is not
        /// `Codable`.
        init(from decoder: any Decoder) throws {
            let coded = try decoder.singleValueContainer().decode(String.self)
            symbol = try character(coded, decoder)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(String(symbol))
        }
    }

    struct Binding: Codable, Equatable {
        var key: Character
        var action: String
        var alternatives: [Character]

        init(key: Character, action: String, alternatives: [Character]) {
            self.key = key
            self.action = action
            self.alternatives = alternatives
        }

        /// This struct with each `Character` a one-character `String`, as fixtures write it: Swift's `Character` is
        /// not `Codable`.
        private struct Coded: Codable {
            var key: String
            var action: String
            var alternatives: [String]
        }

        init(from decoder: any Decoder) throws {
            let coded = try Coded(from: decoder)
            self.init(
                key: try character(coded.key, decoder),
                action: coded.action,
                alternatives: try coded.alternatives.map { try character($0, decoder) }
            )
        }

        func encode(to encoder: any Encoder) throws {
            let coded = Coded(key: String(key), action: action, alternatives: alternatives.map(String.init))
            try coded.encode(to: encoder)
        }
    }

    /// A `Character` decoded from its one-character string: Swift's `Character` is not `Codable`.
    private static func character(_ text: String, _ decoder: any Decoder) throws -> Character {
        guard text.unicodeScalars.count == 1, let character = text.first else {
            let context = DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected one character, got \"\(text)\"")
            throw DecodingError.dataCorrupted(context)
        }
        return character
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.typing(last: nil, typed: [], pressed: [], counts: [:], names: [:], chords: [:]))
        state(.typing) {
            on(.press) { state, event in
                guard case let .typing(_, typed, pressed, counts, names, chords) = state else { preconditionFailure() }
                guard case let .press(char) = event else { preconditionFailure() }
                return transition(to: .typing(last: char, typed: typed + [char], pressed: pressed.union([char]), counts: counts.merging([char: (counts[char] ?? 0) + 1]) { _, new in new }, names: names, chords: chords), emit: .echo(char: char))
            }
            on(.name) { state, event in
                guard case let .typing(last, typed, pressed, counts, names, chords) = state else { preconditionFailure() }
                guard case let .name(name, eventChar) = event else { preconditionFailure() }
                guard let char = eventChar else {
                    return dontTransition()
                }
                return transition(to: .typing(last: last, typed: typed, pressed: pressed, counts: counts, names: names.merging([name: char]) { _, new in new }, chords: chords))
            }
            on(.remap) { _, event in
                guard case let .remap(key, binding) = event else { preconditionFailure() }
                return transition(to: .remapping(from: key, binding: binding), emit: .bound(binding: binding))
            }
            on(.lock) { transition(to: .locked) }
        }
        state(.remapping) {
            on(.lock) { transition(to: .locked, emit: .bound(binding: nil)) }
        }
    }
}
