import StateMachineMigration
import Testing

/// Single rules of the migration, on small sources.
@Suite struct MigrationRulesTests {

    static func migrate(_ source: String) -> String {
        Migration.migrate(source: source, file: "Machine.swift").migrated
    }

    @Test static func anExistingHashableIdentifierIsKeptAndOnlyTheMacroGoes() {
        let source = """
            @StateMachineHashable
            enum State: StateMachineHashable {
                case idle, busy(Int)
                enum HashableIdentifier: String { case idle, busy }
            }

            """
        #expect(migrate(source) == """
            enum State: StateMachineHashable {
                case idle, busy(Int)
                enum HashableIdentifier: String { case idle, busy }
            }

            """)
    }

    @Test static func commentsBeforeTheMacroAreKept() {
        let source = """
            /// The state.
            @StateMachineHashable // Tinder's macro
            enum State { case idle, busy(Int) }

            """
        #expect(migrate(source) == """
            /// The state.
            // Tinder's macro
            enum State: StateMachineHashable { case idle, busy(Int); enum HashableIdentifier: String { case idle, busy } }

            """)
    }

    @Test static func aPackageEnumGetsAPackageIdentifierAndTabsAreKept() {
        let source = "@StateMachineHashable\npackage enum Event {\n\tcase tick(Int)\n}\n"
        #expect(migrate(source) == "package enum Event: StateMachineHashable {\n\tcase tick(Int)\n\tpackage enum HashableIdentifier: String { case tick }\n}\n")
    }

    @Test static func aSourceryAnnotationInADocCommentIsMigratedAndTheOtherDocLinesKept() {
        let source = """
            /// The turnstile's events.
            /// sourcery: AutoStateMachineHashable
            public enum Event { case coin(Int), push }

            """
        #expect(migrate(source) == """
            /// The turnstile's events.
            public enum Event: StateMachineHashable { case coin(Int), push; public enum HashableIdentifier: String { case coin, push } }

            """)
    }

    @Test static func aFileWithASyntaxErrorIsLeftUnchangedAndTheErrorLocated() {
        let source = "@StateMachineHashable\nenum State {\n    case a(Int\n    case b\n}\n"
        let result = Migration.migrate(source: source, file: "Broken.swift")
        #expect(!result.changed)
        #expect(result.error?.line == 4)
        #expect(result.diagnostics.map(\.description) == [
            "Broken.swift:4:10: error: the file does not parse as Swift here, so it was left unchanged; fix the "
                + "syntax error and run `statemachine migrate` again",
        ])
    }

    @Test static func codeWithoutTinderConstructsIsLeftAlone() {
        let source = "enum Plain: Equatable { case a(Int) }\nstruct Other { @MainActor var x = 0 }\n"
        let result = Migration.migrate(source: source, file: "Machine.swift")
        #expect(!result.changed)
        #expect(result.diagnostics.isEmpty)
    }
}
