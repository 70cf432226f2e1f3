import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/ResolvedNames.kt: `FeedEvent.Completed.Load` and `FeedEvent.Timeout.Load` are two
// events, and the top-level `object NetworkDown : AppError(503)` is not the event `FeedEvent.NetworkDown`. Expectations
// derived by hand from the Kotlin.

@Suite struct ResolvedNamesTests {
    typealias Feed = ResolvedNames

    @Test func eventsWithTheSameSimpleNameAreHandledEachByItsOwnHandler() throws {
        let completed = StateMachine(definition: Feed.definition)
        try completed.transition(.request(page: 2))
        #expect(try completed.transition(.completedLoad(page: 3)).toState == .shown(page: 3))

        let timedOut = StateMachine(definition: Feed.definition)
        try timedOut.transition(.request(page: 2))
        let failed = try timedOut.transition(.timeoutLoad)
        #expect(failed.toState == .failed(error: .timeout))
        #expect(failed.sideEffect == .report(error: .timeout))
    }

    @Test func theTopLevelObjectIsTheErrorNotTheEvent() throws {
        let machine = StateMachine(definition: Feed.definition)
        try machine.transition(.request(page: 1))
        let down = try machine.transition(.networkDown)
        #expect(down.toState == .failed(error: .networkDown))
        #expect(Feed.AppError.networkDown.code == 503)
        // From a failure the top-level object names, a request loads again.
        #expect(try machine.transition(.request(page: 1)).toState == .loading(page: 1))
    }

    @Test func refreshesAreTwoEventsToo() throws {
        let machine = StateMachine(definition: Feed.definition)
        try machine.transition(.request(page: 4))
        try machine.transition(.completedLoad(page: 4))
        #expect(try machine.transition(.timeoutRefresh).toState == .shown(page: 4))
        let refreshed = try machine.transition(.completedRefresh)
        #expect(refreshed.toState == .loading(page: 4))
        #expect(refreshed.sideEffect == .fetch(page: 4))
    }
}
