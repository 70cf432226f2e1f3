import StateMachine
@testable import StateMachineFixtures
import StateMachineFixturesTesting
import Testing
import XCTest

/// The Swift Testing and XCTest adapters.
@Suite struct FixtureTestingAdapterTests {

    @Test func aPassingMachineRecordsNoIssue() {
        expectMachine(Matter.definition, toPass: repositoryRoot + "/Fixtures/seed-004-matter.json")
        expectFixture(at: repositoryRoot + "/Fixtures/seed-004-matter.json")
    }

    @Test func aFailingMachineRecordsAnIssueAtTheCallersLocation() {
        let wrong = StateMachine<Matter.State, Matter.Event, Matter.SideEffect>.Definition {
            Matter.initialState(.solid)
            Matter.state(.solid) {
                Matter.on(.melt) { Matter.transition(to: .gas, emit: .logMelted) }
            }
        }
        let line = #line + 2
        withKnownIssue {
            expectMachine(wrong, toPass: repositoryRoot + "/Fixtures/seed-004-matter.json")
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileName == "FixtureTestingAdapterTests.swift"
                && (issue.comments.first?.rawValue.hasPrefix("Fixture \"seed-004-matter\", scenario ") ?? false)
        }
    }

    @Test func theListenerRecorderReachesTheCheck() {
        let recorder = FixtureListenerRecorder<Matter.State, Matter.Event>()
        let definition = FixtureCheckTests.recordedMatter(recorder, forgetLiquidExit: true)
        withKnownIssue {
            expectMachine(definition, toPass: repositoryRoot + "/Fixtures/seed-004-matter.json", recorder: recorder)
        } matching: { issue in
            // Every scenario that leaves the liquid state misses that exit call.
            let text = issue.comments.first?.rawValue ?? ""
            return text.contains(#"  - call: {"onExit":{"cause":"#) && text.contains(#","state":"liquid"}}"#)
        }
    }

    @Test func anUnreadableFixtureRecordsItsErrorAsAnIssue() {
        withKnownIssue {
            expectFixture(at: repositoryRoot + "/Tests/BrokenFixtures/schema-version-4.json")
        } matching: { issue in
            issue.comments.first?.rawValue.hasSuffix("schemaVersion: unsupported schemaVersion 4 (this runtime reads 1, 2 and 3)") ?? false
        }
    }
}

/// The XCTest adapter, run as XCTest runs it.
final class FixtureXCTestAdapterTests: XCTestCase {

    func testAPassingMachinePasses() {
        assertMachine(Matter.definition, passes: repositoryRoot + "/Fixtures/seed-004-matter.json")
        assertFixture(at: repositoryRoot + "/Fixtures/seed-004-tinder-turnstile.json")
    }
}
