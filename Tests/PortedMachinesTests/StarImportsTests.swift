import StateMachine
import Testing

// Inputs/StarImports.kt: the State and Event types in another module, their cases imported with `*`. The port declares
// them from where the DSL uses each name. Expectations derived by hand from the Kotlin.

@Suite struct StarImportsTests {
    @Test func theCasesImportedWithAStarAreDeclared() throws {
        let machine = StateMachine(definition: HatchController.definition)
        #expect(try machine.transition(.open).toState == .opened(angle: 90))
        #expect(try machine.transition(.close).toState == .closed)
    }
}
