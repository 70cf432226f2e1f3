import StateMachine
import Testing

/// R17: a snapshot that does not fit gives a message of bounded length, however long its names
/// and however many its entries.
@Suite struct SnapshotErrorLengthTests {
    typealias Door = SnapshotTests.Door
    typealias Snapshot<State: StateMachineHashable> = StateMachineTypes.Snapshot<State>

    @Test func aLongSuperstateNameIsCutAfter100Scalars() {
        let name = String(repeating: "a", count: 1_000_000)
        #expect {
            try StateMachine(definition: Door.definition(SnapshotTests.Log()), restoring: Snapshot(state: .broken, history: [.superstate(name, .open)]))
        } throws: { error in
            "\(error)" == """
                The snapshot has 1 history entry that does not fit the definition:
                - The superstate "\(String(repeating: "a", count: 100))… (999900 more)" is not in the definition.
                Restore the snapshot's state alone to start without history.
                """
        }
    }

    @Test func aNameOf100ScalarsIsShownWhole() {
        // 100 scalars, 50 characters: the cut counts scalars.
        let name = String(repeating: "e\u{301}", count: 50)
        #expect {
            try StateMachine(definition: Door.definition(SnapshotTests.Log()), restoring: Snapshot(state: .broken, history: [.superstate(name, .open)]))
        } throws: { error in
            (error as? StateMachineTypes.SnapshotError)?.problems == ["The superstate \"\(name)\" is not in the definition."]
        }
    }

    @Test func atMostTenProblemsAreListedThenCounted() {
        let history: [Snapshot<Door.State>.HistoryEntry] = (0..<100_000).map { .superstate("s\($0)", .open) }
        #expect {
            try StateMachine(definition: Door.definition(SnapshotTests.Log()), restoring: Snapshot(state: .broken, history: history))
        } throws: { error in
            guard let error = error as? StateMachineTypes.SnapshotError else { return false }
            let listed = (0..<10).map { "- The superstate \"s\($0)\" is not in the definition." }
            return error.problems.count == 100_000 && "\(error)" == (
                ["The snapshot has 100000 history entries that do not fit the definition:"] + listed
                    + ["- and 99990 more.", "Restore the snapshot's state alone to start without history."]
            ).joined(separator: "\n")
        }
    }
}
