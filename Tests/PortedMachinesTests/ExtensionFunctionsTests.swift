import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/ExtensionFunctions.kt: the files' top-level extensions, ported as static functions
// that take the receiver first, and a data class's getter property. The expected values are worked out by hand from
// the Kotlin.

@Suite struct ExtensionFunctionsTests {
    private typealias Port = ExtensionFunctions

    private func chip(_ value: Int, _ colour: String = "red") -> Port.Chip { Port.Chip(value: value, colour: colour) }

    @Test func theGetterPropertyOfTheDataClassIsComputed() {
        #expect(chip(25).isHigh)
        #expect(!chip(24).isHigh)
    }

    @Test func theListExtensionTakesTwentyOffPerHighChipWhileOverAHundred() {
        // 110, one high chip (95): 90.
        #expect(Port.worth([chip(10), chip(95), chip(5)]) == 90)
        // 180, four high chips: 160, 140, 120, 100, then no longer over a hundred.
        #expect(Port.worth([chip(30), chip(40), chip(50), chip(60)]) == 100)
        // 115, two high chips: 95 after one.
        #expect(Port.worth([chip(30), chip(80), chip(5)]) == 95)
        #expect(Port.worth([]) == 0)
        #expect(Port.isTall([chip(1), chip(2), chip(3)]))
        #expect(!Port.isTall([chip(1), chip(2)]))
    }

    @Test func theHandlersCallTheExtensions() throws {
        let machine = StateMachine(definition: Port.definition)
        let red = chip(30, "red"), blue = chip(50, "blue"), green = chip(40, "green")
        try machine.transition(.add(chip: red))
        #expect(machine.state == .open(stack: [red], label: "table", score: 30))
        try machine.transition(.add(chip: blue))
        #expect(machine.state == .open(stack: [red, blue], label: "table", score: 80))
        // 120 with three high chips is 100; three chips are tall: doubled.
        try machine.transition(.add(chip: green))
        #expect(machine.state == .open(stack: [red, blue, green], label: "table", score: 200))
        // The generic `second()`, supplied in Swift (SuppliedFunctions.swift).
        try machine.transition(.peek)
        #expect(machine.state == .open(stack: [red, blue, green], label: "blue", score: 200))
        try machine.transition(.rename(name: "poker"))
        #expect(machine.state == .open(stack: [red, blue, green], label: "PO", score: 200))
        // 500 clamped to 200 + 10, then to the default 100.
        try machine.transition(.score(points: 500))
        #expect(machine.state == .open(stack: [red, blue, green], label: "PO", score: 100))
        try machine.transition(.score(points: 7))
        #expect(machine.state == .open(stack: [red, blue, green], label: "PO", score: 7))
    }
}
