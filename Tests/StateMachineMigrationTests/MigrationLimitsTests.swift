import Foundation
@testable import StateMachineMigration
import Testing

/// Sources past the ``MigrationLimits`` are refused before they are parsed, with a located `error:`;
/// sources within them are parsed, whatever the thread that asks. The inputs are the migrate
/// fuzzer's seeds (`Tests/Fuzz/Migrate/seeds`), among them the files that made the migration hang
/// or crash.
@Suite struct MigrationLimitsTests {

    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Migrate/seeds")

    /// What each seed gives: the diagnostics, word for word, and whether it is migrated.
    enum Outcome: Equatable {
        /// Rewritten, with no `error:` (warnings and notes are other tests' business).
        case migrated
        /// Left unchanged with exactly these diagnostics.
        case unchanged([String])
    }

    static let again = "then run `statemachine migrate` again"
    static let doesNotParse = "error: the file does not parse as Swift here, so it was left unchanged; fix the syntax error "
        + "and run `statemachine migrate` again"
    static let keywordRun = "error: nested too deep: 17 `try` and `await` follow one another here, more than the 16 the "
        + "migration parses; write each once, \(again)"
    static let postfixRun = "error: nested too deep: 65 postfix `!` or `?`, or member accesses (`.name`), follow one "
        + "another here, more than the 64 the migration parses; name a part of the chain with a constant, \(again)"
    static let squareRun = "error: nested too deep: 9 `[` are open here without a `{` between them, more than the 8 the "
        + "migration parses (each doubles the Swift parser's work); name the inner type or literal with a `typealias` "
        + "or a constant, \(again)"

    static let expected: [(seed: String, outcome: Outcome)] = [
        ("brackets-in-strings-and-comments.swift", .migrated),
        // Lines ended by `\r` alone (found by the migrate fuzzer): a `//` comment ends at the `\r`, so the nested
        // `[` after it are counted, not hidden from the scan while the parser backtracks over them for minutes.
        ("cr-line-ends-sourcery-comment-then-nested-square-brackets.swift", .unchanged(["F.swift:7:16: " + squareRun])),
        ("invalid-without-arguments.swift", .unchanged([
            "F.swift:2:9: warning: `InvalidTransition()` does not compile: `Transition.Invalid` carries the state and "
                + "the event; write `InvalidTransition(fromState: …, event: …)`, or test the error's type with "
                + "`error is StateMachine<State, Event, SideEffect>.Transition.Invalid`",
            "F.swift:3:9: warning: `Machine.Transition.Invalid()` does not compile: `Transition.Invalid` carries the "
                + "state and the event; write `Machine.Transition.Invalid(fromState: …, event: …)`, or test the error's "
                + "type with `error is StateMachine<State, Event, SideEffect>.Transition.Invalid`",
        ])),
        ("many-nested-square-brackets.swift", .migrated),
        ("nested-closures.swift", .migrated),
        ("nested-generics-1000.swift", .unchanged([
            "F.swift:3:74: error: nested too deep: 33 `<` are open here (without a `>`, `{`, `}`, `;` or `=` since), "
                + "more than the 32 the migration parses; split the expression or name the inner generic type with a "
                + "`typealias`, \(again)",
        ])),
        ("nested-generics-32.swift", .migrated),
        ("nested-if-config-17.swift", .unchanged([
            "F.swift:18:1: error: nested too deep: 17 `#if` blocks are open here, more than the 16 the migration "
                + "parses; combine the conditions of nested blocks with `&&`, \(again)",
        ])),
        ("nested-if-config.swift", .migrated),
        ("nested-interpolations.swift", .migrated),
        ("nested-parentheses-300.swift", .unchanged([
            "F.swift:3:265: error: nested too deep: 257 brackets, braces, parentheses and `#if` blocks are open here, "
                + "more than the 256 the migration parses; move the inner part into a function or a constant of its "
                + "own, \(again)",
        ])),
        // The 53 bytes that took 26 s: no Tinder name, so not parsed at all.
        ("nested-square-brackets-22.swift", .unchanged([])),
        ("nested-square-brackets-22-with-macro.swift", .unchanged(["F.swift:3:17: " + squareRun])),
        // The 6 KB that overflowed the stack.
        ("nested-square-brackets-3000.swift", .unchanged([])),
        ("nested-square-brackets-3000-with-macro.swift", .unchanged(["F.swift:3:17: " + squareRun])),
        ("nested-square-brackets-8.swift", .migrated),
        // A run of `try` after a syntax error took the parser minutes (found by the migrate fuzzer): more than 16 `try`
        // and `await` in a row are refused at the 17th, strings and comments included.
        ("interpolation-in-multiline-string-then-try-chain.swift", .unchanged(["F.swift:5:105: " + keywordRun])),
        // `a!!!…` and `a.b.c…` after a syntax error, too (found by the migrate fuzzer): more than 64 in a row are refused.
        ("postfix-chains.swift", .unchanged(["F.swift:3:74: " + postfixRun])),
        ("postfix-chains-within-limits.swift", .migrated),
        ("too-many-nested-square-brackets.swift", .unchanged([
            "F.swift:35:21: error: nested too deep: the `[` nested in this file add up to more work for the Swift "
                + "parser than the migration allows (2^k for each `[` opened with k ≥ 2 open since the last `{`, 16384 "
                + "in all); name nested types or literals with a `typealias` or a constant, or split the file, \(again)",
        ])),
        ("syntax-error-then-postfix-chains.swift", .unchanged(["F.swift:3:74: " + postfixRun])),
        ("unbalanced-braces-then-try-chain.swift", .unchanged(["F.swift:3:74: " + postfixRun])),
        ("unbalanced-closing-brackets.swift", .unchanged(["F.swift:3:1: " + doesNotParse])),
        ("unterminated-block-comment.swift", .unchanged(["F.swift:3:1: " + doesNotParse])),
        ("unterminated-if-config.swift", .unchanged(["F.swift:4:27: " + doesNotParse])),
        ("unterminated-multiline-string.swift", .unchanged(["F.swift:5:1: " + doesNotParse])),
        ("unterminated-sourcery-section.swift", .unchanged(["F.swift:3:18: " + doesNotParse])),
        ("unterminated-string.swift", .unchanged(["F.swift:3:22: " + doesNotParse])),
    ]

    static func migrate(_ seed: String) throws -> MigrationResult {
        let data = try Data(contentsOf: seeds.appendingPathComponent(seed))
        return Migration.migrate(source: String(decoding: data, as: UTF8.self), file: "F.swift")
    }

    @Test static func everySeedHasAnExpectedOutcome() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted()
        #expect(files == expected.map(\.seed).sorted())
    }

    @Test(arguments: expected.map(\.seed))
    static func eachSeedIsMigratedOrRefusedAsExpected(seed: String) throws {
        let result = try migrate(seed)
        let outcome = Self.expected.first { $0.seed == seed }!.outcome
        switch outcome {
        case .migrated:
            #expect(result.error == nil)
            #expect(result.changed)
        case .unchanged(let diagnostics):
            #expect(!result.changed)
            #expect(result.diagnostics.map(\.description) == diagnostics)
        }
    }

    @Test static func aSourceOverTheSizeLimitIsRefusedAsTooLarge() {
        let source = "@StateMachineHashable\nenum State { case a(Int) }\n" + String(repeating: "// padding\n", count: 24_000)
        #expect(source.utf8.count == 264_049)
        let result = Migration.migrate(source: source, file: "Big.swift")
        #expect(!result.changed)
        #expect(result.diagnostics.map(\.description) == [
            "Big.swift:1:1: error: too large: 258 KiB, more than the 256 KiB the migration parses; split the file, or "
                + "make its changes by hand and migrate the other files",
        ])
    }

    @Test static func aSourceWithoutTinderNamesIsNotParsedSoItsShapeAndSyntaxDoNotMatter() {
        let broken = "struct S { func f( \n let x = " + String(repeating: "[", count: 40) + "\n"
        #expect(Migration.migrate(source: broken, file: "S.swift").diagnostics.isEmpty)
        // Words that only contain `Invalid` are not Tinder's name.
        let words = "@Broken struct S { let isInvalid = InvalidInput.self; func f( \n"
        #expect(Migration.migrate(source: words, file: "S.swift").diagnostics.isEmpty)
        #expect(Migration.mentionsTinderNames(Array("x = .Invalid()".utf8)))
        #expect(Migration.mentionsTinderNames(Array("enum E: AutoStateMachineHashable {}".utf8)))
        #expect(!Migration.mentionsTinderNames(Array("isInvalid; InvalidInput; StateMachine".utf8)))
    }

    /// 256 parentheses, the most the limits let through, take about 3.5 MiB of stack in a debug
    /// build: the parser runs on a thread of its own, so a caller on a 512 KiB thread is fine.
    @Test static func aSourceAtTheDepthLimitParsesFromAThreadWithASmallStack() {
        let source = "@StateMachineHashable\nenum State { case a(Int) }\nlet x = "
            + String(repeating: "(", count: 256) + "1" + String(repeating: ")", count: 256) + "\n"
        let result = runOnThread(stackSize: 512 << 10) { Migration.migrate(source: source, file: "Deep.swift") }
        #expect(result.error == nil)
        #expect(result.changed)
    }
}
