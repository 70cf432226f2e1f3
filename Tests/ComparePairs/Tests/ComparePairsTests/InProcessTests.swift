import ComparePairs
import StateMachineVerify
import Testing

/// `compareMachines` from a test, as an iOS team's CI runs it: the Swift machine in the test's process, the Kotlin one
/// contained beside it.
@Suite struct InProcessTests {
    @Test func matterAgreesWithItsKotlinTwin() {
        let result = compareMachines(Matter.definition,
                                     withKotlin: .sources("Kotlin/Matter.kt", machine: "MatterMachine.stateMachine"),
                                     mapping: "Kotlin/Matter.mapping.json")
        #expect(result.status == 0, "\(result)")
        #expect(result.description == "compare: the Swift machine behaves as the Kotlin machine on 220 sequences (926 events).")
    }

    /// Both sides record the sign-in in the signed-in state's onEnter: the listener calls are compared, and agree.
    @Test func theOnEnterOfTheSignInAgreesWithItsKotlinTwin() {
        let result = compareMachines(LoginWithAnalytics.definition,
                                     withKotlin: .sources("Kotlin/LoginWithAnalytics.kt", machine: "LoginViewModelWithAnalytics.stateMachine"),
                                     mapping: "Kotlin/Login.mapping.json")
        #expect(result.status == 0, "\(result)")
        #expect(result.description.hasPrefix("compare: the Swift machine behaves as the Kotlin machine on 220 sequences ("), "\(result)")
    }

    /// The Swift turnstile takes a second coin without thanks; the Kotlin one thanks. Sequences go one event per case
    /// (coin, pass), then two: the third is coin, coin, and its second event differs.
    @Test func aSwiftTurnstileWithoutThanksDiffersAtTheSecondCoin() {
        let result = compareMachines(SMCTurnstileWithoutThanks.definition,
                                     withKotlin: .sources("Kotlin/SmcTurnstile.kt", machine: "SmcTurnstileKt.smcTurnstile"))
        #expect(result.status == 1, "\(result)")
        #expect(result.description.split(separator: "\n").prefix(4).map(String.init) == [
            "compare: the Swift machine differs from the Kotlin machine in sequence 3, at event 2:",
            #"  events: {"coin":{}}, {"coin":{}}"#,
            #"  Kotlin: = valid {"unlocked":{}} -> {"unlocked":{}} / {"thankYou":{}}"#,
            #"  Swift:  = valid {"unlocked":{}} -> {"unlocked":{}} / null"#,
        ])
    }
}
