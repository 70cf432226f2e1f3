import StateMachine
import Testing

// Inputs/StarImports.kt: the State and Event types in another module, their cases imported with `*`. The port declares
// them from where the DSL uses each name. Expectations derived by hand from the Kotlin.

@Suite struct StarImportsTests {
    @Test func theCasesImportedWithAStarAreDeclared() throws {
        let machine = StateMachine(definition: HatchController.definition)
        #expect(try machine.transition(.open(degrees: 45)).toState == .opened(angle: 45))
        #expect(try machine.transition(.close).toState == .closed)
    }
}
