import Foundation
import StateMachine
import Testing

/// A composite machine shared by several threads: its planned listener calls (superstates
/// included) run one transition at a time, in the order the state changed (R11, R20).
@Suite struct CompositeConcurrencyTests {

    @Test func superstateListenersOfConcurrentTransitionsRunInStateChangeOrder() {
        let log = CompositionTests.Log()   // written only by listeners, which run one at a time
        let machine = StateMachine(definition: CompositionTests.Door.definition(log))
        let threads = 4, perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                _ = machine.tryTransition((thread + index).isMultiple(of: 2) ? .close : .open)
            }
        }
        let closing = ["exit open", "enter shut", "enter closed"]
        let opening = ["exit closed", "exit shut", "enter open"]
        var expected = closing
        var index = 0
        var consistent = log.entries.count.isMultiple(of: 3)
        while consistent, index < log.entries.count {
            consistent = Array(log.entries[index..<index + 3]) == expected
            expected = expected == closing ? opening : closing
            index += 3
        }
        #expect(consistent)
        #expect(log.entries.count >= 3)
        #expect(machine.state == (expected == closing ? .open : .closed))
    }
}
