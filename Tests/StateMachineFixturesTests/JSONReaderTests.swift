@testable import StateMachineFixtures
import Testing

/// The Swift JSON reader: what it accepts, the values it gives, and the message, place and path
/// of each kind of syntax error. Expected texts are written from the reader's rules, by hand.
@Suite struct JSONReaderTests {

    private func parse(_ text: String) throws(JSONReader.SyntaxError) -> JSON {
        try JSONReader.parse(Array(text.utf8))
    }

    private func error(_ text: String) -> JSONReader.SyntaxError? {
        do {
            let value = try parse(text)
            Issue.record("\(text) was read as \(value)")
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesKeepTheirKindsAndMemberOrder() throws {
        let value = try parse(#" {"b": [1, -0, 2.5, -1e2, 1E+2], "a": {"t": true, "f": false, "n": null}, "": "x"} "#)
        #expect(value == .object([
            ("b", .array([.integer(1), .integer(0), .real(2.5), .real(-100), .real(100)])),
            ("a", .object([("t", .bool(true)), ("f", .bool(false)), ("n", .null)])),
            ("", .string("x")),
        ]))
    }

    @Test func escapesAndUTF8AreDecoded() throws {
        let value = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\uD83D\uDE00", "é😀"]"#)
        #expect(value == .array([.string("\"\\/\u{8}\u{C}\n\r\t"), .string("é😀"), .string("é😀")]))
    }

    @Test func integersUseAllSixtyFourBits() throws {
        #expect(try parse("[9223372036854775807, -9223372036854775808]") == .array([.integer(.max), .integer(.min)]))
        #expect(error("[9223372036854775808]")?.message == "invalid JSON: integer 9223372036854775808 does not fit 64 bits (-9223372036854775808 to 9223372036854775807)")
    }

    @Test func aRealBeyondDoubleIsAnErrorButOneBelowIsZero() throws {
        #expect(try parse("[1e-400]") == .array([.real(0)]))
        let tooLarge = error("[1, 1e400]")
        #expect(tooLarge?.message == "invalid JSON: number 1e400 is too large for a double")
        #expect(tooLarge?.offset == 4)
        #expect(tooLarge?.path == DocumentPath([.index(1)]))
    }

    @Test func theDocumentIsOneObjectOrArray() {
        #expect(error("")?.message == "invalid JSON: expected '{' or '[' to start the document, got end of file")
        #expect(error("  3")?.message == "invalid JSON: expected '{' or '[' to start the document, got a number")
        #expect(error("  3")?.offset == 2)
        #expect(error("{} []")?.message == "invalid JSON: expected the end of the file after the document, got '['")
        #expect(error("\u{FEFF}{}")?.message == "invalid JSON: the file starts with a byte-order mark (U+FEFF); save it as UTF-8 without one")
    }

    @Test func errorsBetweenMembersNameTheContainer() {
        let missingComma = error(#"{"a": {"b": 1 "c": 2}}"#)
        #expect(missingComma?.message == #"invalid JSON: expected ',' or '}' after the member "b", got a string"#)
        #expect(missingComma?.path == DocumentPath([.key("a")]))
        #expect(missingComma?.offset == 14)
        #expect(error("[1 2]")?.message == "invalid JSON: expected ',' or ']' after an element of the array, got a number")
        #expect(error(#"{"a" 1}"#)?.message == #"invalid JSON: expected ':' after the key "a", got a number"#)
        #expect(error("{1: 2}")?.message == "invalid JSON: expected a string key or '}', got a number")
        #expect(error("{1: 2}")?.path == .root)
    }

    @Test func trailingCommasAreNamed() {
        #expect(error(#"{"a": 1,}"#)?.message == "invalid JSON: expected a string key, got '}' (JSON allows no comma before '}')")
        let array = error("[[1,]]")
        #expect(array?.message == "invalid JSON: expected a value, got ']' (JSON allows no comma before ']')")
        #expect(array?.path == DocumentPath([.index(0), .index(1)]))
    }

    @Test func errorsInAValueNameTheValue() {
        let literal = error(#"{"list": [true, nul]}"#)
        #expect(literal?.message == "invalid JSON: invalid literal 'nul': expected true, false or null (strings take double quotes)")
        #expect(literal?.path == DocumentPath([.key("list"), .index(1)]))
        #expect(literal?.offset == 16)
        #expect(error("[01]")?.message == "invalid JSON: invalid number '01': a number does not start with 0 followed by more digits")
        #expect(error("[-]")?.message == "invalid JSON: invalid number '-': expected a digit after '-'")
        #expect(error("[1.]")?.message == "invalid JSON: invalid number '1.': expected a digit after '.'")
        #expect(error("[1e+]")?.message == "invalid JSON: invalid number '1e+': expected a digit in the exponent")
        #expect(error("[+1]")?.message == "invalid JSON: expected a value, got '+'")
    }

    @Test func stringErrorsPointAtTheirCharacter() {
        let control = error("[\"a\tb\"]")
        #expect(control?.message == "invalid JSON: control character U+0009 in a string; write it as an escape (\\n, \\t, \\u001F)")
        #expect(control?.offset == 3)
        #expect(error(#"["\q"]"#)?.message == #"invalid JSON: invalid escape '\q' in a string; the escapes are \" \\ \/ \b \f \n \r \t and \u followed by four hexadecimal digits"#)
        #expect(error(#"["\u12G4"]"#)?.message == #"invalid JSON: invalid escape '\u12G4' in a string: \u takes four hexadecimal digits"#)
        #expect(error(#"["\u0000"]"#)?.message == #"invalid JSON: '\u0000' in a string: fixture strings may not hold U+0000"#)
        #expect(error(#"["\uDC00"]"#)?.message == #"invalid JSON: unpaired surrogate '\uDC00' in a string: a low surrogate must follow a high one (\uD800 to \uDBFF)"#)
        #expect(error(#"["\uD800x"]"#)?.message == #"invalid JSON: unpaired surrogate '\uD800' in a string: a high surrogate must be followed by a low one (\uDC00 to \uDFFF)"#)
        let open = error(#"{"a": "text"#)
        #expect(open?.message == "invalid JSON: the string has no closing '\"' before the end of the file")
        #expect(open?.offset == 6)
    }

    @Test func anErrorInAKeyNamesTheObject() {
        let key = error(#"{"a": 1, "b\q": 2}"#)
        #expect(key?.path == .root)
        #expect(key?.offset == 11)
    }

    @Test func malformedUTF8IsAnErrorAtItsByte() {
        for (bytes, offset): ([UInt8], Int) in [
            ([0x5B, 0x22, 0xFF, 0x22, 0x5D], 2),               // never in UTF-8
            ([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], 2),         // overlong "/"
            ([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], 2),   // a surrogate encoded
            ([0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], 2),   // above U+10FFFF
            ([0x5B, 0x22, 0x61, 0xE2, 0x82, 0x22, 0x5D], 3),   // truncated
        ] {
            do {
                _ = try JSONReader.parse(bytes)
                Issue.record("\(bytes) was read")
            } catch {
                #expect(error.offset == offset)
                #expect(error.message.hasPrefix("invalid JSON: invalid UTF-8: byte 0x"))
            }
        }
    }

    @Test func aNULByteIsAnErrorWhereverItIs() {
        #expect(error("[8\u{0}]")?.message == "invalid JSON: expected ',' or ']' after an element of the array, got U+0000")
        #expect(error("[\"a\u{0}\"]")?.message == "invalid JSON: control character U+0000 in a string; write it as an escape (\\n, \\t, \\u001F)")
    }

    @Test func nestingStopsAtJanssonsLimit() throws {
        let deepest = String(repeating: "[", count: 2048) + String(repeating: "]", count: 2048)
        #expect(throws: Never.self) { try parse(deepest) }
        let tooDeep = error(String(repeating: "[", count: 2049) + String(repeating: "]", count: 2049))
        #expect(tooDeep?.offset == 2048)
        #expect(tooDeep?.message == "invalid JSON: nested too deep: arrays and objects are nested more than 2048 levels")
    }

    @Test func aDuplicateKeyIsReportedAtItsKey() {
        let duplicate = error(#"{"a": {"x": 1, "x": 2}}"#)
        #expect(duplicate?.message == #"duplicate key "x" (each key may appear once in an object)"#)
        #expect(duplicate?.path == DocumentPath([.key("a"), .key("x")]))
        #expect(duplicate?.offset == 15)
    }
}

/// Keys and strings are compared by their Unicode scalars (SPEC.md R31), as jansson and the
/// Kotlin reader compare them, not by Swift's canonical equivalence.
@Suite struct JSONReaderScalarTests {

    @Test func keysThatDifferOnlyByNormalizationAreTwoMembers() throws {
        let json = try JSONReader.parse(Array(#"{"\u00e9": 1, "e\u0301": 2, "K": 3, "\u212a": 4}"#.utf8))
        guard case .object(let members) = json else { Issue.record("not an object"); return }
        #expect(members.map { Array($0.key.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"], ["K"], ["\u{212A}"]])
    }

    @Test func stringsThatDifferOnlyByNormalizationAreUnequal() throws {
        #expect("\u{E9}" == "e\u{301}")   // Swift's String ==, which the reader must not use
        #expect(JSON.string("\u{E9}") != JSON.string("e\u{301}"))
        #expect(try JSONReader.parse(Array(#"["\u00e9"]"#.utf8)) != JSONReader.parse(Array(#"["e\u0301"]"#.utf8)))
        #expect(try JSONReader.parse(Array(#"{"\u00e9": 1}"#.utf8)) != JSONReader.parse(Array(#"{"e\u0301": 1}"#.utf8)))
    }
}
