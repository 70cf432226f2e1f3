import StateMachine
import StateMachineFixtures
import Testing

// Inputs/CharacterPayloads.kt: `Char` payloads alone, nullable, in a list, a set, as a map's key and value, in a map's
// list, in a value class and in a data class. Swift's `Character` is not `Codable`; the port codes each type holding
// one through a mirror in which it is a one-character string, as fixtures write a char (Spec/SPEC.md, "Field types
// of version 3"). The fixtures below are written by hand from the Kotlin machine.

/// A `typing` state's fixture value.
private func typing(last: String, typed: String, pressed: String, counts: String, names: String = "[]", chords: String = "[]") -> String {
    #"{"typing": {"last": \#(last), "typed": \#(typed), "pressed": {"$set": \#(pressed)}, "counts": {"$map": \#(counts)}, "#
        + #""names": {"$map": \#(names)}, "chords": {"$map": \#(chords)}}}"#
}

/// A step of a valid transition, which the fixture runner observes as an `onTransition` call.
private func step(_ event: String, from: String, to: String, sideEffect: String = "null") -> String {
    let transition = #""from": \#(from), "to": \#(to), "sideEffect": \#(sideEffect)"#
    return #"{"event": \#(event), "expect": {"result": "valid", \#(transition)}, "#
        + #""calls": [{"onTransition": {"event": \#(event), "result": "valid", \#(transition)}}]}"#
}

private let start = typing(last: "null", typed: "[]", pressed: "[]", counts: "[]")
private let typedA = typing(last: #""a""#, typed: #"["a"]"#, pressed: #"["a"]"#, counts: #"[["a", 1]]"#)
private let typedAE = typing(last: #""é""#, typed: #"["a", "é"]"#, pressed: #"["é", "a"]"#, counts: #"[["é", 1], ["a", 1]]"#)
private let typedAEA = typing(last: #""a""#, typed: #"["a", "é", "a"]"#, pressed: #"["a", "é"]"#, counts: #"[["a", 2], ["é", 1]]"#)
private let named = typing(
    last: #""a""#, typed: #"["a", "é", "a"]"#, pressed: #"["a", "é"]"#, counts: #"[["a", 2], ["é", 1]]"#, names: #"[["accent", "é"]]"#)
private let binding = #"{"binding": {"key": "k", "action": "kill", "alternatives": ["K", "x"]}}"#
private let remapping = #"{"remapping": {"from": "k", "binding": \#(binding)}}"#
private let chorded = typing(last: #""c""#, typed: #"["c"]"#, pressed: "[]", counts: "[]", chords: #"[["c", ["t", "r", "l"]], ["d", []]]"#)
private let chordedD = typing(
    last: #""d""#, typed: #"["c", "d"]"#, pressed: #"["d"]"#, counts: #"[["d", 1]]"#, chords: #"[["d", []], ["c", ["t", "r", "l"]]]"#)

private let fixture = """
    {"schemaVersion": 3, "name": "character-payloads", "description": "Char payloads of every shape.", "rules": ["R26"],
     "origin": {"kind": "hand-derived"},
     "scenarios": [
      {"name": "typing, naming, remapping and locking", "steps": [
        \(step(#"{"press": {"char": "a"}}"#, from: start, to: typedA, sideEffect: #"{"echo": {"char": "a"}}"#)),
        \(step(#"{"press": {"char": "é"}}"#, from: typedA, to: typedAE, sideEffect: #"{"echo": {"char": "é"}}"#)),
        \(step(#"{"press": {"char": "a"}}"#, from: typedAE, to: typedAEA, sideEffect: #"{"echo": {"char": "a"}}"#)),
        \(step(#"{"name": {"name": "accent", "char": "é"}}"#, from: typedAEA, to: named)),
        \(step(#"{"name": {"name": "nothing", "char": null}}"#, from: named, to: named)),
        \(step(#"{"remap": {"key": "k", "binding": \#(binding)}}"#, from: named, to: remapping, sideEffect: #"{"bound": {"binding": \#(binding)}}"#)),
        \(step(#""lock""#, from: remapping, to: #""locked""#, sideEffect: #"{"bound": {"binding": null}}"#))
       ],
       "finalState": "locked"},
      {"name": "a map of lists of chars in the start state", "start": \(chorded), "steps": [
        \(step(#"{"press": {"char": "d"}}"#, from: chorded, to: chordedD, sideEffect: #"{"echo": {"char": "d"}}"#))
       ],
       "finalState": \(chordedD)}
     ]}
    """

/// A fixture whose only event is `event`, for the values the port refuses.
private func oneEvent(_ event: String) -> String {
    """
    {"schemaVersion": 3, "name": "bad-char", "description": "A char that is not one character.", "rules": ["R26"],
     "origin": {"kind": "hand-derived"},
     "scenarios": [{"name": "refused", "steps": [\(step(event, from: start, to: #""locked""#))], "finalState": "locked"}]}
    """
}

@Suite struct CharacterPayloadsTests {
    @Test func charactersAreCodedAsOneCharacterStrings() throws {
        let results = try Fixture(text: fixture, file: "character-payloads.json").check(definition: CharacterPayloads.definition)
        #expect(results.count == 2)
        #expect(results.compactMap(\.failure).isEmpty, "\(results.compactMap(\.failure))")
    }

    @Test func aStringOfOtherThanOneCharacterIsRefused() throws {
        let refusals = [
            #"{"press": {"char": "ab"}}"#: #"expected one character, got "ab""#,
            #"{"press": {"char": ""}}"#: #"expected one character, got """#,
            // Two scalars that Swift reads as one `Character`: a fixture char is one Unicode scalar.
            #"{"press": {"char": "e\u0301"}}"#: "expected one character, got \"e\u{301}\"",
            #"{"name": {"name": "n", "char": "xy"}}"#: #"expected one character, got "xy""#,
            #"{"remap": {"key": "kk", "binding": {"binding": {"key": "k", "action": "a", "alternatives": []}}}}"#: #"expected one character, got "kk""#,
            #"{"remap": {"key": "k", "binding": {"binding": {"key": "k", "action": "a", "alternatives": ["x", "yz"]}}}}"#: #"expected one character, got "yz""#,
        ]
        for (event, message) in refusals {
            let fixture = try Fixture(text: oneEvent(event), file: "bad-char.json")
            #expect(throws: FixtureError.self, "\(event)") { try fixture.check(definition: CharacterPayloads.definition) }
            do {
                _ = try fixture.check(definition: CharacterPayloads.definition)
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
}
