@testable import StateMachineSCXML
import Testing

/// The expressions of the data model the converter reads (SCXMLExpression): what parses, what
/// folds where the values are known, what is left for the machine, and the type errors.
@Suite struct SCXMLExpressionTests {
    private func resolved(_ text: String, active: Set<String> = [], values: [String: SCXMLExpression] = [:],
                          kinds: [String: SCXMLExpression.Kind] = [:]) throws -> SCXMLExpression {
        let expression = try #require(SCXMLExpression.parse(text))
        return try expression.resolved(active: active, values: values, kinds: kinds)
    }

    @Test func literalsFoldInEitherLanguagesSpelling() throws {
        #expect(try resolved("0>1") == .bool(false))
        #expect(try resolved("True") == .bool(true))
        #expect(try resolved("1 + 2 * 3 == 7 && !(2 < 1)") == .bool(true))
        #expect(try resolved("not (1 === 2) or false") == .bool(true))
        #expect(try resolved("-3 - -4") == .int(1))
    }

    @Test func inTestsTheConfigurationOfTheMoment() throws {
        #expect(try resolved("In('a') and not In(\"b\")", active: ["a"]) == .bool(true))
        #expect(try resolved("In('a') and not In(\"b\")", active: ["a", "b"]) == .bool(false))
    }

    @Test func aVariableIsItsValueThere() throws {
        let kinds: [String: SCXMLExpression.Kind] = ["count": .int]
        #expect(try resolved("count + 1 < 3", values: ["count": .int(1)], kinds: kinds) == .bool(true))
        let left = try resolved("count + 1 < 3", values: ["count": .field("count")], kinds: kinds)
        #expect(left == .binary("<", .binary("+", .field("count"), .int(1)), .int(3)))
        #expect(left.fixtureJSON { $0 } == #"{"<": [{"+": [{"ref": "state.count"}, 1]}, 3]}"#)
    }

    @Test func aKnownOperandDecidesAndAndOr() throws {
        let kinds: [String: SCXMLExpression.Kind] = ["seen": .bool]
        #expect(try resolved("In('a') and seen", active: [], values: ["seen": .field("seen")], kinds: kinds) == .bool(false))
        #expect(try resolved("In('a') and seen", active: ["a"], values: ["seen": .field("seen")], kinds: kinds) == .field("seen"))
        #expect(try resolved("seen || In('a')", active: ["a"], values: ["seen": .field("seen")], kinds: kinds) == .bool(true))
    }

    @Test func anOverflowIsLeftToTheMachine() throws {
        let text = "\(Int.max) + 1"
        #expect(try resolved(text) == .binary("+", .int(Int.max), .int(1)))
    }

    @Test func whatIsNotInTheSubsetDoesNotParse() {
        for text in ["count / 2", "_event.name == 'a'", "'text'", "1 = 1", "a.b", "In(a)", "1 +", "2x"] {
            #expect(SCXMLExpression.parse(text) == nil, "\(text)")
        }
    }

    @Test func typesAreChecked() {
        let kinds: [String: SCXMLExpression.Kind] = ["count": .int, "seen": .bool]
        #expect(throws: SCXMLExpression.Problem.self) { try resolved("count and seen", values: ["count": .int(0), "seen": .bool(true)], kinds: kinds) }
        #expect(throws: SCXMLExpression.Problem.self) { try resolved("seen + 1", values: ["count": .int(0), "seen": .bool(true)], kinds: kinds) }
        #expect(throws: SCXMLExpression.Problem.self) { try resolved("count == seen", values: ["count": .int(0), "seen": .bool(true)], kinds: kinds) }
        do {
            _ = try resolved("missing > 1")
            Issue.record("an undeclared variable resolved")
        } catch {
            #expect((error as? SCXMLExpression.Problem)?.message == #"missing is not a variable of the <datamodel>: declare it with <data id="missing" expr="…"/>, an integer or a boolean"#)
        }
    }
}
