import StateMachine
import Testing

// Inputs/InferredFields.kt: the State, Event and SideEffect types are in another module. Their fields take their
// names from what the handlers read of each case (`it.device`, `attempts` without `this.`), and the defaults some
// calls rely on from what the other calls pass (`cancelled = true` only: `false`; a nullable `reason`: `null`).
// Expectations derived by hand from the Kotlin.

private struct Queue: ReportQueue.Collaborators {
    var strict: Bool
    let initialAttempts = 3
}

@Suite struct InferredFieldsTests {
    @Test func aStrictQueueRunsAReportAgainUntilItsAttemptsAreSpent() throws {
        let machine = StateMachine(definition: ReportQueue.definition(Queue(strict: true)))
        #expect(try machine.transition(.passed(device: "pixel", shard: 2)).toState == .running(device: "pixel", shard: 2, attempts: 2))
        #expect(try machine.transition(.passed(device: "pixel", shard: 2)).toState == .running(device: "pixel", shard: 2, attempts: 1))
    }

    @Test func aLenientQueueSavesTheFirstPass() throws {
        let machine = StateMachine(definition: ReportQueue.definition(Queue(strict: false)))
        let done = try machine.transition(.passed(device: "pixel", shard: 0))
        #expect(done.toState == .done(device: "pixel", shard: 0))
        #expect(done.sideEffect == .save(device: "pixel", shard: 0))
    }

    @Test func theFieldsACallLeavesOutTakeTheDefaultsTheOtherCallsTell() throws {
        let flaky = StateMachine(definition: ReportQueue.definition(Queue(strict: false)))
        // `Parked(reason = event.reason, retryable = !event.final)`: `cancelled` is left out, and only ever passed `true`.
        #expect(try flaky.transition(.flaky(reason: "timeout", final: true)).toState == .parked(reason: "timeout", retryable: false, cancelled: false))
        #expect(try flaky.transition(.cancel).toState == .parked(reason: "timeout", retryable: false, cancelled: true))
        #expect(try flaky.transition(.cancel).toState == .parked(reason: "timeout", retryable: false, cancelled: true))
        // `Parked(cancelled = true, retryable = false)`: the nullable `reason` is left out.
        let cancelled = StateMachine(definition: ReportQueue.definition(Queue(strict: false)))
        #expect(try cancelled.transition(.cancel).toState == .parked(reason: nil, retryable: false, cancelled: true))
    }

    /// `Requeue` is never constructed in the files: its `budget` is an Int because `Queued(it.budget)` passes it to one.
    @Test func anEventFieldTakesTheTypeOfTheFieldItIsPassedTo() throws {
        let machine = StateMachine(definition: ReportQueue.definition(Queue(strict: false)))
        _ = try machine.transition(.cancel)
        #expect(try machine.transition(.requeue(budget: 5)).toState == .queued(attempts: 5))
    }

    /// `else -> error("no budget left for ${this.title}")`: `title` is read of the state but no case has it, so it is a
    /// property of every state that stops until it is given its values; here it stops first.
    @Test func aPropertyNoCaseDeclaresStopsUntilItIsGivenItsValues() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let machine = StateMachine(definition: ReportQueue.definition(Queue(strict: false)))
            _ = try? machine.transition(.cancel)
            _ = try? machine.transition(.requeue(budget: 0))
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReportState.title is not declared in the files given; give Parked its value"))
    }

    /// `Escalate` is imported by name and never constructed: its `severity` is the enum `when` compares it with.
    @Test func anEventFieldTakesTheTypeOfTheEnumItIsComparedWith() throws {
        let machine = StateMachine(definition: ReportQueue.definition(Queue(strict: false)))
        _ = try machine.transition(.cancel)
        #expect(try machine.transition(.escalate(severity: .low)).toState == .parked(reason: nil, retryable: false, cancelled: true))
        #expect(try machine.transition(.escalate(severity: .high)).toState == .queued(attempts: 0))
    }
}
