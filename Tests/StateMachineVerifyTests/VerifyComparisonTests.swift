@testable import StateMachineVerify
import Testing

/// The verdicts of Spec/VERIFY.md, V9, on traces written by hand.
@Suite struct VerifyComparisonTests {
    private func trace(_ sequences: [String]...) -> String {
        sequences.enumerated().map { index, lines in (["# sequence \(index + 1)"] + lines).joined(separator: "\n") }
            .joined(separator: "\n") + "\n"
    }

    @Test func equalTracesAgree() {
        let both = trace([#"> {"poke":{}}"#, #"= valid {"idle":{}} -> {"busy":{}} / null"#], [#"> {"reset":{}}"#, #"= invalid {"idle":{}}"#])
        let comparison = VerifyComparison(kotlin: both, swift: both)
        #expect(comparison.outcome == .agree)
        #expect(comparison.text == "verify: the Swift port behaves as the Kotlin machine on 2 sequences (2 events).")
    }

    @Test func aCrashOfOneSideIsADifference() {
        let kotlin = trace([#"> {"poke":{}}"#, #"= valid {"idle":{}} -> {"busy":{}} / null"#])
        let swift = trace([#"> {"poke":{}}"#, "= crash signal 11 (SIGSEGV: a stack overflow or a memory error)"])
        let comparison = VerifyComparison(kotlin: kotlin, swift: swift)
        #expect(comparison.outcome == .differ)
        #expect(comparison.outcome.status == 1)
        #expect(comparison.text == """
            verify: the Swift port differs from the Kotlin machine in sequence 1, at event 1:
              events: {"poke":{}}
              Kotlin: = valid {"idle":{}} -> {"busy":{}} / null
              Swift:  = crash signal 11 (SIGSEGV: a stack overflow or a memory error)
            """)
    }

    @Test func aTimeoutOfTheKotlinIsADifference() {
        let kotlin = trace([#"> {"poke":{}}"#, "= timeout 10 s"])
        let swift = trace([#"> {"poke":{}}"#, #"= valid {"idle":{}} -> {"busy":{}} / null"#])
        #expect(VerifyComparison(kotlin: kotlin, swift: swift).outcome == .differ)
    }

    @Test func bothSidesStoppedAtOneEventIsNoAgreement() {
        let kotlin = trace([#"> {"reset":{}}"#, #"= invalid {"idle":{}}"#], [#"> {"poke":{}}"#, "= crash StackOverflowError"])
        let swift = trace([#"> {"reset":{}}"#, #"= invalid {"idle":{}}"#], [#"> {"poke":{}}"#, "= crash signal 11 (SIGSEGV: a stack overflow or a memory error)"])
        let comparison = VerifyComparison(kotlin: kotlin, swift: swift)
        #expect(comparison.outcome == .bothStopped)
        #expect(comparison.outcome.status == 2)
        #expect(comparison.text == """
            verify: could not verify sequence 2: both sides stopped at event 1 (Kotlin: crash StackOverflowError; Swift: crash signal 11 (SIGSEGV: a stack overflow or a memory error)).
              events: {"poke":{}}
            A machine that crashes, runs out of time, ends its process or prints without end there cannot be compared: fix it, or give it more time (--time-limit) if it only needs that.
            """)
    }

    @Test func aDifferenceElsewhereComesBeforeBothStopped() {
        let kotlin = trace([#"> {"poke":{}}"#, "= timeout 10 s"], [#"> {"reset":{}}"#, #"= invalid {"idle":{}}"#])
        let swift = trace([#"> {"poke":{}}"#, "= timeout 10 s"], [#"> {"reset":{}}"#, #"= invalid {"busy":{}}"#])
        let comparison = VerifyComparison(kotlin: kotlin, swift: swift)
        #expect(comparison.outcome == .differ)
        #expect(comparison.text.hasPrefix("verify: the Swift port differs from the Kotlin machine in sequence 2, at event 1:"))
    }

    @Test func anExitAndTheOutputLimitStopASide() {
        for line in ["= exit 3", "= output limit", "= crash out of memory (the memory limit, 2048 MiB)"] {
            #expect(VerifyComparison.Line(line) == .halt)
        }
        #expect(VerifyComparison.Line("= stop (a stub cannot answer)") == .stubStop)
        #expect(VerifyComparison.Line("= stop port: the call `Log.d` is not ported") == .notPorted)
        #expect(VerifyComparison.Line("= error thrown") == .observed)
    }

    @Test func aSequenceTheSwiftNeverRanIsADifference() {
        let kotlin = trace([#"> {"poke":{}}"#, #"= invalid {"idle":{}}"#], [#"> {"poke":{}}"#, #"= invalid {"idle":{}}"#])
        let swift = trace([#"> {"poke":{}}"#, #"= invalid {"idle":{}}"#])
        let comparison = VerifyComparison(kotlin: kotlin, swift: swift)
        #expect(comparison.outcome == .differ)
        #expect(comparison.text.hasSuffix("Swift:  (nothing: the Swift run ended here)"))
    }

    @Test func aStubStopOnBothSidesIsNotExercised() {
        let stopped = trace([#"> {"audit":{}}"#, "call rosters.current()", "= stop (a stub cannot answer)"])
        let comparison = VerifyComparison(kotlin: stopped, swift: stopped)
        #expect(comparison.outcome == .notExercised)
        #expect(comparison.outcome.status == 2)
    }

    @Test func aLongLineIsCutInTheReport() {
        let long = String(repeating: "x", count: 5000)
        let kotlin = trace([#"> {"poke":{}}"#, "print \(long)"])
        let swift = trace([#"> {"poke":{}}"#, "= output limit"])
        let comparison = VerifyComparison(kotlin: kotlin, swift: swift)
        #expect(comparison.text.hasSuffix("… (3006 more characters)\n  Swift:  = output limit"))
    }
}
