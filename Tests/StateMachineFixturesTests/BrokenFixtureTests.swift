@testable import StateMachineFixtures
import Testing

/// The corpus of broken fixtures in `Tests/BrokenFixtures`: each file is rejected, without
/// crashing, with exactly the error named here (file, line, column, document path, and what was
/// expected).
@Suite struct BrokenFixtureTests {

    static let expectedErrors: [(file: String, error: String)] = [
        ("advance-is-negative.json", "Tests/BrokenFixtures/advance-is-negative.json:14:49: scenarios[0].steps[0].advance: expected a time to advance in milliseconds (an integer from 0 to 9223372036854), got number -5"),
        ("child-timer-without-a-parent-event.json", "Tests/BrokenFixtures/child-timer-without-a-parent-event.json:15:108: machine.states[0].child.machine.superstates[0].after[0].send: expected the event case of a parent event in the child's \"events\": a child's timer sends the parent event that maps to its event (R28.4), but no parent event maps to \"tick\"; add one to the child's \"events\""),
        ("after-in-version-1.json", "Tests/BrokenFixtures/after-in-version-1.json:10:35: machine.states[0].after: \"after\" needs \"schemaVersion\": 2 (this file has 1)"),
        ("always-without-run-to-completion.json", "Tests/BrokenFixtures/always-without-run-to-completion.json:10:42: machine.states[0].always: \"always\" needs \"runToCompletion\" in the machine: only a machine that runs to completion takes eventless transitions and queues raised events (R32, R33)"),
        ("and-with-one-operand.json", "Tests/BrokenFixtures/and-with-one-operand.json:27:24: machine.states[0].on[0].event.where.and: \"and\" takes two or more operands, got 1"),
        ("case-name-with-space.json", "Tests/BrokenFixtures/case-name-with-space.json:54:20: scenarios[0].steps[0].event: expected a value of Event (a case name string or {\"case\": {fields}}), got string \"insert coin\", which is not a case name (letters, digits and _)"),
        ("stay-false.json", "Tests/BrokenFixtures/stay-false.json:10:86: machine.states[0].on[0].do.stay: expected true, got boolean false"),
        ("stay-in-version-1.json", "Tests/BrokenFixtures/stay-in-version-1.json:10:78: machine.states[0].on[0].do.stay: a stay action (R35) needs \"schemaVersion\": 2 (this file has 1)"),
        ("dont-transition-false.json", "Tests/BrokenFixtures/dont-transition-false.json:28:33: machine.states[0].on[0].do.dontTransition: expected true, got boolean false"),
        ("duplicate-key-written-as-a-surrogate-pair.json", "Tests/BrokenFixtures/duplicate-key-written-as-a-surrogate-pair.json:1:21: [\"😀\"]: duplicate key \"😀\" (each key may appear once in an object)"),
        ("duplicate-key.json", "Tests/BrokenFixtures/duplicate-key.json:52:7: scenarios[0].name: duplicate key \"name\" (each key may appear once in an object)"),
        ("empty.json", "Tests/BrokenFixtures/empty.json:1:1: invalid JSON: expected '{' or '[' to start the document, got end of file"),
        ("event-is-a-number.json", "Tests/BrokenFixtures/event-is-a-number.json:54:20: scenarios[0].steps[0].event: expected a value of Event (a case name string or {\"case\": {fields}}), got number 3"),
        ("expression-is-a-float.json", "Tests/BrokenFixtures/expression-is-a-float.json:31:29: machine.states[0].on[0].do.transition.fields.credit: expected an expression (an integer, a string, a boolean or an object such as {\"ref\": \"state\"}), got number 2.5"),
        ("expression-is-null.json", "Tests/BrokenFixtures/expression-is-null.json:31:29: machine.states[0].on[0].do.transition.fields.credit: expected an expression (an integer, a string, a boolean or an object such as {\"ref\": \"state\"}), got null"),
        ("expression-operands-not-an-array.json", "Tests/BrokenFixtures/expression-operands-not-an-array.json:32:26: machine.states[0].on[0].do.transition.fields.credit[\"+\"]: expected an array of two operands, got number 3"),
        ("expression-with-three-operands.json", "Tests/BrokenFixtures/expression-with-three-operands.json:32:26: machine.states[0].on[0].do.transition.fields.credit[\"-\"]: \"-\" takes exactly two operands, got 3"),
        ("field-is-a-float.json", "Tests/BrokenFixtures/field-is-a-float.json:56:24: scenarios[0].steps[0].event.insertCoin.value: a double field needs \"schemaVersion\": 3 (this file has 1)"),
        ("field-is-null.json", "Tests/BrokenFixtures/field-is-null.json:56:24: scenarios[0].steps[0].event.insertCoin.value: a null field needs \"schemaVersion\": 3 (this file has 1)"),
        ("high-surrogate-before-a-letter-escape.json", "Tests/BrokenFixtures/high-surrogate-before-a-letter-escape.json:1:8: a: invalid JSON: unpaired surrogate '\\uD800' in a string: a high surrogate must be followed by a low one (\\uDC00 to \\uDFFF), not '\\u0041'"),
        ("history-in-version-1.json", "Tests/BrokenFixtures/history-in-version-1.json:14:55: scenarios[0].steps[0].history: \"history\" needs \"schemaVersion\": 2 (this file has 1)"),
        ("integer-too-big.json", "Tests/BrokenFixtures/integer-too-big.json:68:27: scenarios[0].steps[0].expect.to.locked.credit: invalid JSON: integer 99999999999999999999 does not fit 64 bits (-9223372036854775808 to 9223372036854775807)"),
        ("list-in-version-2.json", "Tests/BrokenFixtures/list-in-version-2.json:12:43: scenarios[0].steps[0].event.select.history: a list field needs \"schemaVersion\": 3 (this file has 2)"),
        ("map-entry-not-a-pair.json", "Tests/BrokenFixtures/map-entry-not-a-pair.json:12:62: scenarios[0].steps[0].event.restock.stock[\"$map\"][1]: expected a map entry (an array [key, value]), got an array of 3 elements"),
        ("map-entry-not-an-array.json", "Tests/BrokenFixtures/map-entry-not-an-array.json:12:52: scenarios[0].steps[0].event.restock.stock[\"$map\"][0]: expected a map entry (an array [key, value]), got number 1"),
        ("map-with-a-duplicate-key.json", "Tests/BrokenFixtures/map-with-a-duplicate-key.json:12:63: scenarios[0].steps[0].event.restock.stock[\"$map\"][1][0]: duplicate key \"A\" in a map"),
        ("missing-final-state.json", "Tests/BrokenFixtures/missing-final-state.json:50:5: scenarios[0]: missing key \"finalState\" in a scenario (it needs \"name\", \"steps\", \"finalState\")"),
        ("name-differs-from-file.json", "Tests/BrokenFixtures/name-differs-from-file.json:3:11: name: expected the file name without \".json\", \"name-differs-from-file\", got \"another-name\""),
        ("nesting-too-deep.json", "Tests/BrokenFixtures/nesting-too-deep.json:1:2049: [0][0][0][0][0][0]…(2036 more)…[0][0][0][0][0][0]: invalid JSON: nested too deep: arrays and objects are nested more than 2048 levels"),
        ("no-scenarios.json", "Tests/BrokenFixtures/no-scenarios.json:11:16: scenarios: expected an array of scenarios with at least one element, got an empty array"),
        ("not-an-object.json", "Tests/BrokenFixtures/not-an-object.json:1:1: (document): expected a fixture (an object), got an array"),
        ("reference-is-a-number.json", "Tests/BrokenFixtures/reference-is-a-number.json:22:20: machine.states[0].state.where.ref: expected a reference (\"state\", \"event\", \"state.field\", ...), got number 5"),
        ("reference-to-an-unknown-root.json", "Tests/BrokenFixtures/reference-to-an-unknown-root.json:22:20: machine.states[0].state.where.ref: expected a reference rooted at \"state\" or \"event\", got string \"machine.state\""),
        ("run-to-completion-with-a-child.json", "Tests/BrokenFixtures/run-to-completion-with-a-child.json:12:8: machine.states[0].child: \"child\" with \"runToCompletion\" is not in this format yet: a machine that runs to completion has superstates at most, no child machines (FIXTURES.md, Run to completion)"),
        ("superstate-always-without-run-to-completion.json", "Tests/BrokenFixtures/superstate-always-without-run-to-completion.json:10:7: machine.superstates[0].always: \"always\" needs \"runToCompletion\" in the machine: only a machine that runs to completion takes eventless transitions and queues raised events (R32, R33)"),
        ("schema-version-4.json", "Tests/BrokenFixtures/schema-version-4.json:2:20: schemaVersion: unsupported schemaVersion 4 (this runtime reads 1, 2 and 3)"),
        ("schema-version-missing.json", "Tests/BrokenFixtures/schema-version-missing.json:1:1: (document): missing key \"schemaVersion\" (this runtime reads 1, 2 and 3)"),
        ("schema-version-string.json", "Tests/BrokenFixtures/schema-version-string.json:2:20: schemaVersion: expected the integer 1, 2 or 3, got string \"1\""),
        ("set-is-not-an-array.json", "Tests/BrokenFixtures/set-is-not-an-array.json:12:49: scenarios[0].steps[0].event.check.coins[\"$set\"]: expected the elements of a set (an array), got number 10"),
        ("set-with-a-duplicate-element.json", "Tests/BrokenFixtures/set-with-a-duplicate-element.json:12:64: scenarios[0].steps[0].event.check.coins[\"$set\"][3]: duplicate element 10 in a set"),
        ("trailing-content.json", "Tests/BrokenFixtures/trailing-content.json:84:1: invalid JSON: expected the end of the file after the document, got '{'"),
        ("truncated.json", "Tests/BrokenFixtures/truncated.json:37:22: machine.states[0].on[0].do.transition.fields.credit[\"+\"][1]: invalid JSON: expected a string key or '}', got end of file"),
        ("unknown-action.json", "Tests/BrokenFixtures/unknown-action.json:27:19: machine.states[0].on[0].do: expected an action (transition, dontTransition, if or throw), got an object with keys \"goto\""),
        ("unknown-key-in-step.json", "Tests/BrokenFixtures/unknown-key-in-step.json:74:11: scenarios[0].steps[0].comment: unknown key \"comment\" in an event step (expected \"event\", \"expect\", \"calls\")"),
        ("unknown-operator.json", "Tests/BrokenFixtures/unknown-operator.json:32:21: machine.states[0].on[0].do.transition.fields.credit.max: unknown expression key \"max\" (expected one of \"!=\", \"%\", \"*\", \"+\", \"-\", \"/\", \"<\", \"<=\", \"==\", \">\", \">=\", \"and\", \"not\", \"or\", \"ref\", \"throw\", \"value\", \"make\", \"if\")"),
        ("unknown-result.json", "Tests/BrokenFixtures/unknown-result.json:60:23: scenarios[0].steps[0].expect.result: expected \"valid\", \"invalid\" or \"error\", got string \"ok\""),
        ("unpaired-surrogate-in-array.json", "Tests/BrokenFixtures/unpaired-surrogate-in-array.json:1:3: [0]: invalid JSON: unpaired surrogate '\\uD800' in a string: a high surrogate must be followed by a low one (\\uDC00 to \\uDFFF), not '\\u0000'"),
        ("unpaired-surrogate-truncated.json", "Tests/BrokenFixtures/unpaired-surrogate-truncated.json:1:1: invalid JSON: expected '{' or '[' to start the document, got a string"),
        ("value-with-two-cases.json", "Tests/BrokenFixtures/value-with-two-cases.json:76:21: scenarios[0].finalState: expected a value of State (a case name string or {\"case\": {fields}}), got an object with 2 keys"),
    ]

    @Test func everyBrokenFixtureHasAnExpectedError() throws {
        let files = try fixtureFiles(in: "Tests/BrokenFixtures").map { FileSystem.baseName($0) }
        #expect(files == Self.expectedErrors.map(\.file).sorted())
    }

    /// With each JSON parser this build has: jansson and the Swift reader on Linux, the Swift
    /// reader alone on Apple platforms.
    @Test(arguments: expectedErrors, FixtureJSON.Backend.available)
    func theBrokenFixtureIsRejectedWithItsError(expectation: (file: String, error: String), backend: FixtureJSON.Backend) {
        do {
            let fixture = try loadFixture("Tests/BrokenFixtures/\(expectation.file)", backend: backend)
            Issue.record("\(expectation.file) was read without error as \(fixture.name)")
        } catch {
            #expect(error.description == expectation.error)
        }
    }

    @Test func everyTruncationOfAFixtureIsALocatedErrorNotACrash() throws {
        let bytes = try FileSystem.read(repositoryRoot + "/Fixtures/seed-001-turnstile-with-credit.json")
        let closingBrace = try #require(bytes.lastIndex(of: UInt8(ascii: "}")))
        for end in stride(from: 0, to: closingBrace, by: 23) {
            do {
                _ = try Fixture(bytes: Array(bytes[..<end]), file: "seed-001-turnstile-with-credit.json")
                Issue.record("the first \(end) bytes were read without error")
            } catch {
                #expect(error.message.hasPrefix("invalid JSON: "))
                #expect(error.line >= 1 && error.column >= 1)
            }
        }
    }

    @Test func aKeyLongerThanFortyCharactersIsCutInTheDocumentPath() {
        let key = String(repeating: "k", count: 50)
        do {
            _ = try Fixture(text: "{\"schemaVersion\": 1, \"\(key)\": 1}", file: "long-key.json")
            Issue.record("a fixture with an unknown key was read")
        } catch {
            #expect(error.path == "[\"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…\"]")
            #expect(error.line == 1 && error.column == 22)
        }
    }

    @Test func aTableMachineWhoseExpressionFailsAtRunTimeGivesAThrownResult() throws {
        // Type errors in expressions are not load errors: they fail the transition when the
        // expression runs, as a thrown handler error would (R15; SPEC.md, "Evaluation errors").
        let fixture = try Fixture(text: """
            {"schemaVersion": 1, "name": "runtime-type-error", "description": "d", "rules": ["R15"],
             "origin": {"kind": "hand-derived"},
             "machine": {"initialState": {"locked": {"credit": "none"}}, "states": [
               {"state": {"case": "locked"}, "on": [{"event": {"case": "coin"}, "do": {"transition": {"make": "locked", "fields": {"credit": {"+": [{"ref": "state.credit"}, 1]}}}}}]}]},
             "scenarios": [{"name": "adding to a string", "steps": [
               {"event": "coin", "expect": {"result": "error", "error": "thrown", "message": "\\"+\\" expects int operands, got string"}, "calls": []}],
               "finalState": {"locked": {"credit": "none"}}}]}
            """, file: "runtime-type-error.json")
        #expect(fixture.replay().map(\.passed) == [true])
    }
}
