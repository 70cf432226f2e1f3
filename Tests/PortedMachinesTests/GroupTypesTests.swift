import Foundation
import StateMachine
import Testing

// Inputs/GroupTypes.kt: groups of cases used as types. `Change` (a nested sealed class) and `Call` (an abstract class
// whose cases are nested beside it) are enums of their own nested in OrderEvent's, with their functions and
// properties, and conversions both ways. Expectations derived by hand from the Kotlin.

@Suite struct GroupTypesTests {
    private typealias Change = Kitchen.OrderEvent.Change
    private typealias Call = Kitchen.OrderEvent.Call

    @Test func aGroupsFunctionsAndPropertiesAreItsEnums() {
        #expect(Change.add(dish: "soup", count: 2).inverse() == .remove(dish: "soup", count: 2))
        #expect(Change.remove(dish: "tea", count: 1).inverse() == .add(dish: "tea", count: 1))
        #expect(Change.add(dish: "soup", count: 2).delta() == 2)
        #expect(Change.remove(dish: "tea", count: 3).delta() == -3)
        #expect(Change.remove(dish: "tea", count: 3).dish == "tea")
        // `urgent` is a constant of Ask and a getter of Complain (`level > 2`).
        #expect(Call.ask(question: "bread?").urgent == false)
        #expect(Call.complain(level: 2).urgent == false)
        #expect(Call.complain(level: 3).urgent == true)
        #expect(Call.complain(level: 3).describe() == "complaint of level 3")
    }

    @Test func aGroupValueIsAnEventAndAnEventOfTheGroupIsOne() {
        #expect(Change.add(dish: "soup", count: 2).orderEvent == .add(dish: "soup", count: 2))
        #expect(Call.ask(question: "bread?").orderEvent == .ask(question: "bread?"))
        #expect(Kitchen.OrderEvent.remove(dish: "tea", count: 1).change == .remove(dish: "tea", count: 1))
        #expect(Kitchen.OrderEvent.complain(level: 1).call == .complain(level: 1))
        // An event of another group, or of none, is not one.
        #expect(Kitchen.OrderEvent.ask(question: "bread?").change == nil)
        #expect(Kitchen.OrderEvent.add(dish: "soup", count: 2).call == nil)
        #expect(Kitchen.OrderEvent.undo.change == nil)
        #expect(Kitchen.OrderEvent.send.call == nil)
    }

    @Test func aGroupValueIsCodedAsTheSameEvent() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(Change.add(dish: "soup", count: 2)) == encoder.encode(Kitchen.OrderEvent.add(dish: "soup", count: 2)))
        #expect(try encoder.encode(Call.complain(level: 3)) == encoder.encode(Kitchen.OrderEvent.complain(level: 3)))
        let json = Data(#"{"ask":{"question":"bread?"}}"#.utf8)
        #expect(try JSONDecoder().decode(Call.self, from: json) == .ask(question: "bread?"))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Change.self, from: json) }
    }

    @Test func theHandlersKeepChangesAndCallsAndPassACallOn() throws {
        let machine = StateMachine(definition: Kitchen.definition)
        let soup = Change.add(dish: "soup", count: 2)
        let tea = Change.remove(dish: "tea", count: 1)

        var step = try machine.transition(.add(dish: "soup", count: 2))
        #expect(step.toState == .open(changes: [soup], lastCall: nil))
        #expect(step.sideEffect == .announce(text: "soup: 2 dishes"))
        // The dishes before it (2), and its own -1.
        step = try machine.transition(.remove(dish: "tea", count: 1))
        #expect(step.toState == .open(changes: [soup, tea], lastCall: nil))
        #expect(step.sideEffect == .announce(text: "tea: 1 dishes"))
        step = try machine.transition(.complain(level: 3))
        #expect(step.toState == .open(changes: [soup, tea], lastCall: .complain(level: 3)))
        #expect(step.sideEffect == .announce(text: "urgent, complaint of level 3"))
        // Replay passes the last call on as an OrderEvent, and stays.
        step = try machine.transition(.replay)
        #expect(step.toState == .open(changes: [soup, tea], lastCall: .complain(level: 3)))
        #expect(step.sideEffect == .forward(event: .complain(level: 3)))
        // Undo drops the last change, a Remove, named by its inverse's dish.
        step = try machine.transition(.undo)
        #expect(step.toState == .open(changes: [soup], lastCall: .complain(level: 3)))
        #expect(step.sideEffect == .announce(text: "undo removed tea"))
        step = try machine.transition(.ask(question: "bread?"))
        #expect(step.toState == .open(changes: [soup], lastCall: .ask(question: "bread?")))
        #expect(step.sideEffect == .announce(text: "question, ask: bread?"))
        // Sent: the changes, and the history of changes and Send as OrderEvents.
        step = try machine.transition(.send)
        #expect(step.toState == .sent(changes: [soup], history: [.add(dish: "soup", count: 2), .send]))
        #expect(step.sideEffect == nil)
        // A group's function and property, read on a Complain.
        step = try machine.transition(.complain(level: 5))
        #expect(step.toState == step.fromState)
        #expect(step.sideEffect == .announce(text: "too late for a complaint of level 5, urgent: true"))
        step = try machine.transition(.add(dish: "cake", count: 1))
        #expect(step.toState == .open(changes: [.add(dish: "cake", count: 1)], lastCall: nil))
    }
}
