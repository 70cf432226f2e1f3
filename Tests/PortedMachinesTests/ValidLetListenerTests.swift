import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/TillController.kt: `(transition as? Valid)?.sideEffect?.let { receipt -> … }` and
// `(transition as? Valid)?.let { … }` in an onTransition listener, ported as `if case .success(let valid) = …`.

private final class Paper: TillController.Printer, TillController.Collaborators {
    var lines: [String] = []
    var printer: any TillController.Printer { self }
    func print(_ line: String) { lines.append("print " + line) }
    func beep() { lines.append("beep") }
    func log(_ line: String) { lines.append("log " + line) }
}

@Suite struct ValidLetListenerTests {
    @Test func theBodiesRunForValidTransitionsAndTheSideEffectBodyOnlyWithASideEffect() throws {
        let paper = Paper()
        let machine = StateMachine(definition: TillController.definition(paper))
        try machine.transition(.openTill)        // valid, no side effect: only the second body
        try machine.transition(.ring(price: 3))  // Beep
        _ = machine.tryTransition(.openTill)     // invalid: neither body
        try machine.transition(.closeTill)       // Print(3)
        // Kotlin writes data objects by name and data classes as `Open(total=3)`.
        #expect(paper.lines == [
            "log OpenTill moved to Open(total=0)",
            "beep", "log Ring(price=3) moved to Open(total=3)",
            "print total 3", "log CloseTill moved to Closed",
        ])
    }
}
