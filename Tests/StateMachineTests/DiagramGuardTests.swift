import GraphvizTestSupport
import StateMachine
import Testing

/// Issue 37: edges a reviewer can tell apart. A guard is drawn with the text its `where:` is
/// given (`label:` or `Matcher.where(_:_:)`), an `.eq` matcher with its value, a side effect
/// declared with its target (`on(.e, to: state, emit:)`) after a slash, and a handler without
/// `to:` as an edge to a node that says so, explained by a legend line. The expected texts are
/// written by hand from the definitions.
@Suite struct DiagramGuardTests {

    /// A coin box: coins of a positive value start paying; a coin of no value beeps; paying
    /// while the credit is below 100 takes more coins, and a refund gives the change back.
    enum Coins: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case idle, paying(credit: Int), refunded
            enum HashableIdentifier: String { case idle, paying, refunded }
        }
        enum Event: StateMachineHashable, Equatable {
            case coin(Int), refund
            enum HashableIdentifier: String { case coin, refund }
        }
        enum SideEffect: Equatable { case giveChange, beep }

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.coin, where: { try $0.value() > 0 }, label: "value > 0", to: .paying) { _, coin in
                    transition(to: .paying(credit: try coin.value()))
                }
                on(.eq(.coin(0)), to: .idle, emit: .beep)
            }
            state(.paying, where: { try $0.credit() < 100 }, label: "credit < 100") {
                on(.any(.coin).where("value > 0") { try $0.value() > 0 }, to: .paying) { paying, coin in
                    transition(to: .paying(credit: try paying.credit() + coin.value()))
                }
                on(.refund, to: .refunded, emit: .giveChange)
            }
            finalState(.refunded)
        }
    }

    @Test func guardsAreDrawnWithTheirLabelsAndDeclaredSideEffectsAfterASlash() {
        // A state block's guard comes first, joined to the handler's by "and".
        #expect(Coins.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                [*] --> idle
                idle --> paying: coin [value #gt; 0]
                idle --> idle: coin [event == coin(0)] / beep
                paying --> paying: coin [credit #lt; 100 and value #gt; 0]
                paying --> refunded: refund [credit #lt; 100] / giveChange
                refunded --> [*]

            """)
    }

    @Test func graphvizDrawsTheGuardsAndSideEffectsOnTheirEdges() throws {
        let picture = try GraphvizSVG(Coins.definition.diagram(format: .dot))
        #expect(Set(picture.labelledEdges) == [
            .init("start", "idle", []),
            .init("idle", "paying", ["coin [value > 0]"]),
            .init("idle", "idle", ["coin [event == coin(0)] / beep"]),
            .init("paying", "paying", ["coin [credit < 100 and value > 0]"]),
            .init("paying", "refunded", ["refund [credit < 100] / giveChange"]),
        ])
        #expect(picture.overlappingLabels == [])
    }

    @Test func aHandlerDeclaredWithItsSideEffectRunsIt() throws {
        let machine = StateMachine(definition: Coins.definition)
        #expect(try machine.transition(.coin(0)) == .init(fromState: .idle, event: .coin(0), toState: .idle, sideEffect: .beep))
        _ = try machine.transition(.coin(30))
        #expect(try machine.transition(.refund) == .init(fromState: .paying(credit: 30), event: .refund, toState: .refunded, sideEffect: .giveChange))
        // Its target is declared: validation follows it, so nothing is unreachable or skipped.
        try Coins.definition.validate()
    }

    /// The README's quick start writes its handlers without `to:`.
    enum QuickStart: StateMachineBuilder {
        enum State: StateMachineHashable { case locked, unlocked }
        enum Event: StateMachineHashable { case coin, push }
        typealias SideEffect = Never

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.locked)
            state(.locked) { on(.coin) { transition(to: .unlocked) } }
            state(.unlocked) { on(.push) { transition(to: .locked) } }
        }
    }

    @Test func handlersWithoutTargetsLeadToANodeThatSaysSoAndALegendSaysWhatToDo() throws {
        #expect(QuickStart.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                state "? (no to:)" as undeclared
                note right of undeclared : \(DiagramTests.legend)
                [*] --> locked
                locked --> undeclared: coin
                unlocked --> undeclared: push

            """)
        let picture = try GraphvizSVG(QuickStart.definition.diagram(format: .dot))
        #expect(Set(picture.labelledEdges) == [
            .init("start", "locked", []), .init("locked", "? (no to:)", ["coin"]), .init("unlocked", "? (no to:)", ["push"]),
        ])
        #expect(picture.edges.filter(\.isDashed).count == 2, "both edges to ? are dashed")
        // The legend is the diagram's own label, under it.
        #expect(picture.labels.filter { $0.owner == "graph" }.map(\.lines) == [[DiagramTests.legend]])
        #expect(picture.overlappingLabels == [])
    }
}
