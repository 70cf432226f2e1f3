import Foundation
import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/TextAndClock.kt: `removeRange`, a `java.time.Clock` collaborator, and `text` in the
// Reset handler, which Kotlin resolves to the constructor's parameter rather than the state's field. The expected
// values are worked out by hand from the Kotlin.

@Suite struct TextAndClockTests {
    private struct Clock: Composer.Clock {
        func millis() -> Int64 { 42 }
        func instant() -> Date { Date(timeIntervalSince1970: 1_000) }
    }

    private struct Owner: Composer.Collaborators {
        let text = "hello world"
        let clock: any Composer.Clock = Clock()
    }

    @Test func theHandlersCutStampResetAndSend() throws {
        let machine = StateMachine(definition: Composer.definition(Owner()))
        #expect(machine.state == .editing(text: "hello world", stamp: 0))
        // "hello world" without the characters from 5 up to 11.
        try machine.transition(.cut(from: 5, to: 11))
        #expect(machine.state == .editing(text: "hello", stamp: 0))
        try machine.transition(.stamp)
        #expect(machine.state == .editing(text: "hello", stamp: 42))
        // The constructor's text, not the state's "hello".
        try machine.transition(.reset)
        #expect(machine.state == .editing(text: "hello world", stamp: 42))
        try machine.transition(.cut(from: 0, to: 6))
        #expect(machine.state == .editing(text: "world", stamp: 42))
        // An empty range removes nothing.
        try machine.transition(.cut(from: 2, to: 2))
        #expect(machine.state == .editing(text: "world", stamp: 42))
        try machine.transition(.send)
        #expect(machine.state == .sent(text: "world", at: Date(timeIntervalSince1970: 1_000)))
    }
}
