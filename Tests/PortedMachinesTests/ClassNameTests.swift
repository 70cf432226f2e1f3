import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/ClassNames.kt: `::class.simpleName`, `::class.java.simpleName` and
// `javaClass.simpleName` give the Kotlin class names, `fromState::class != toState::class` tells cases apart.
// Expectations derived by hand from the Kotlin: listeners run in the order onTransition, onExit, onEnter.

private final class Lines: DoorController.Collaborators {
    var lines: [String] = []
    func record(_ line: String) { lines.append(line) }
}

@Suite struct ClassNameTests {
    @Test func listenersReadTheKotlinClassNamesOfStatesAndEvents() throws {
        let owner = Lines()
        let machine = StateMachine(definition: DoorController.definition(owner))
        try machine.transition(.push(degrees: 30))
        try machine.transition(.push(degrees: 10))
        try machine.transition(.shut)
        try machine.transition(.lock(code: "1234"))
        _ = machine.tryTransition(.push(degrees: 5))
        try machine.transition(.shut)
        #expect(owner.lines == [
            "Closed -> Open on Push",
            "still Open",
            "Open -> Closed on Shut",
            "entered Closed",
            "Closed -> Locked on Lock",
            "Locked -> Closed on Shut",
            "left Locked on Shut",
            "entered Closed",
        ])
    }

    @Test func simpleNameIsTheKotlinClassNameOfEveryCase() {
        #expect([DoorController.Door.closed, .open(angle: 1), .locked(code: "")].map(\.simpleName) == ["Closed", "Open", "Locked"])
        #expect([DoorController.Knock.push(degrees: 1), .shut, .lock(code: "")].map(\.simpleName) == ["Push", "Shut", "Lock"])
    }
}
