import Foundation
import StateMachine
import Testing

// Inputs/ListenerGuards.kt: `if (it as? Valid !is Valid) { … }` reading the invalid transition, `?: run { throw … }`
// (the Swift stops with the message), `it as Valid`, `if (up != null)` on a nullable local (`if let`), and `audit(…)`,
// a method the class inherits from a supertype in a file not given, on the context. Expectations derived by hand from
// the Kotlin.

private final class Keeper: GateKeeper.Collaborators {
    var records: [String] = []
    var audited: [GateKeeper.Gate] = []
    var record: (String) -> Void { { [unowned self] in records.append($0) } }
    func audit(_ p1: GateKeeper.Gate) { audited.append(p1) }
}

@Suite struct ListenerGuardsTests {
    @Test func validTransitionsAreAudited() throws {
        let keeper = Keeper()
        let machine = StateMachine(definition: GateKeeper.definition(keeper))
        _ = try machine.transition(.raise)
        _ = try machine.transition(.lower)
        #expect(keeper.audited == [.up, .shut])
        // The third listener: `it as Valid`, then `up` is a String only for Up.
        #expect(keeper.records == ["now UP", "now Shut"])
    }

    @Test func anInvalidTransitionIsRecordedThenStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // The first listener's record goes to standard error, unbuffered, before the second one stops.
            final class Reporting: GateKeeper.Collaborators {
                var record: (String) -> Void { { FileHandle.standardError.write(Data("record: \($0)\n".utf8)) } }
                func audit(_ p1: GateKeeper.Gate) {}
            }
            let machine = StateMachine(definition: GateKeeper.definition(Reporting()))
            _ = try? machine.transition(.lower)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("record: ignored Lower when Shut"))
        #expect(output.contains("invalid transition from Shut"))
    }
}
