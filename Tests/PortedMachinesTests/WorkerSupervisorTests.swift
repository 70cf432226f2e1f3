import StateMachine
import Testing

// Inputs/WorkerSupervisor.kt: the handlers fill a map the class holds (`health[it.worker] = Health.Up`), the listener
// calls `publish`, inherited from a base class of a file not given, and throws for an invalid event, which reaches
// the sender (Spec/SPEC.md R39). Expectations derived by hand from the Kotlin.

private final class Supervisor: WorkerSupervisor.Collaborators {
    var health: [String: WorkerSupervisor.Health]
    var published: [WorkerSupervisor.Health] = []

    init(workers: [String]) {
        health = Dictionary(uniqueKeysWithValues: workers.map { ($0, .starting) })
    }

    func publish(_ p1: WorkerSupervisor.Health) { published.append(p1) }
}

@Suite struct WorkerSupervisorTests {
    @Test func theSupervisorIsUpWhenEveryWorkerIs() throws {
        let owner = Supervisor(workers: ["a", "b"])
        let machine = StateMachine(definition: WorkerSupervisor.definition(owner))
        #expect(try machine.transition(.started(worker: "a")).toState == .starting)
        #expect(try machine.transition(.started(worker: "b")).toState == .up)
        #expect(owner.health == ["a": .up, "b": .up])
        // `dontTransition` stays in Starting: the class of the state does not change, so nothing is published.
        #expect(owner.published == [.up])
    }

    @Test func aFailureIsRecordedAndPublished() throws {
        let owner = Supervisor(workers: ["a"])
        let machine = StateMachine(definition: WorkerSupervisor.definition(owner))
        _ = try machine.transition(.failed(worker: "a", reason: "disk"))
        #expect(owner.health == ["a": .down(reason: "disk")])
        #expect(owner.published == [.down(reason: "disk")])
    }

    @Test func anInvalidEventThrowsToTheSender() {
        let owner = Supervisor(workers: ["a"])
        let machine = StateMachine(definition: WorkerSupervisor.definition(owner))
        #expect {
            try machine.transition(.reset)
        } throws: { error in
            String(describing: error) == "IllegalStateException: unexpected Reset in Starting"
        }
        #expect(machine.state == .starting)
        #expect(owner.published.isEmpty)
    }
}
