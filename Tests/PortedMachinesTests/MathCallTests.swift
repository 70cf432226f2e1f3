import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/MathCalls.kt: Java's `Math` and `kotlin.math` in handlers. The expected values are
// Java's: `Math.round` rounds halves toward positive infinity, NaN to 0, and clamps to Long's range.

@Suite struct MathCallTests {
    @Test func roundingIsJavasMathRound() {
        #expect(MathCalls.roundHalfUp(2.5) == 3)
        #expect(MathCalls.roundHalfUp(-2.5) == -2)
        #expect(MathCalls.roundHalfUp(-2.6) == -3)
        #expect(MathCalls.roundHalfUp(0.49999999999999994) == 0)
        #expect(MathCalls.roundHalfUp(.nan) == 0)
        #expect(MathCalls.roundHalfUp(.infinity) == .max)
        #expect(MathCalls.roundHalfUp(-1e300) == .min)
    }

    @Test func theHandlersComputeWhatTheKotlinComputes() throws {
        let machine = StateMachine(definition: MathCalls.definition)
        try machine.transition(.add(amount: 1.005))   // 100.49999999999999 rounds to 100; 100 / 100.0
        #expect(machine.state == .reading(cents: 100, level: 0, euros: 1.0))
        try machine.transition(.add(amount: -0.025))  // -2.5 rounds to -2; -2 / 100.0
        #expect(machine.state == .reading(cents: 98, level: 0, euros: -0.02))
        try machine.transition(.add(amount: -5))      // max(98 - 500, 0); -500 / 100.0
        #expect(machine.state == .reading(cents: 0, level: 0, euros: -5.0))
        try machine.transition(.level(value: -2.25))  // floor(sqrt(2.25) * 10) = 15
        #expect(machine.state == .reading(cents: 0, level: 15, euros: -5.0))
        try machine.transition(.drop(amount: 20))     // abs(15 - 20)
        #expect(machine.state == .reading(cents: 0, level: 5, euros: -5.0))
    }
}
