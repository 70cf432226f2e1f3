@testable import StateMachine
import Testing

/// A flat child without listeners, in a parent without listeners, history or timers, is stepped
/// from the parent's cells (issue 25). That path must behave exactly as the composite step
/// (R21): the same machine with one `onEnter` listener takes the composite step for every event,
/// and random event sequences must give the same outcomes on both.
@Suite struct DirectChildTests {

    enum Motor: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable, CustomStringConvertible {
            case idle, moving(speed: Int), lost
            enum HashableIdentifier: String { case idle, moving, lost }
            var description: String {
                switch self {
                case .idle: "idle"
                case .moving(let speed): "moving(\(speed))"
                case .lost: "lost"
                }
            }
        }
        enum Event: StateMachineHashable { case go, stop, jam, drift }
        enum SideEffect: Equatable { case started, faster, stopped }
        struct Jammed: Error {}

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.go) { transition(to: .moving(speed: 1), emit: .started) }
                // A state no definition matches: the next event in it is a missing definition.
                on(.drift) { transition(to: .lost) }
            }
            state(.moving, where: { state in
                guard case .moving(let speed) = state else { return false }
                return speed >= 3
            }) {
                on(.stop) { transition(to: .idle, emit: .stopped) }
            }
            state(.moving) {
                on(.go) { state in
                    guard case .moving(let speed) = state else { return dontTransition() }
                    return transition(to: .moving(speed: speed + 1), emit: .faster)
                }
                on(.stop) { transition(to: .idle, emit: .stopped) }
                on(.jam) { _ in throw Jammed() }
            }
        }
    }

    enum Car: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case running(Motor.State), parked(Motor.State), broken
            enum HashableIdentifier: String { case running, parked, broken }
        }
        enum Event: StateMachineHashable { case go, stop, jam, drift, park, unpark, crash, tow }
        enum SideEffect: Equatable { case motor(Motor.SideEffect), parkedIt, crashed }

        static func definition(composite: Bool) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.running(.idle))
                state(.running) {
                    child(Motor.definition, in: State.running, events: { event in
                        switch event {
                        case .go: .go
                        case .stop: .stop
                        case .jam: .jam
                        case .drift: .drift
                        default: nil
                        }
                    }, sideEffects: { .motor($0) })
                    // Taken when the motor does not take `stop` (R21 step 3).
                    on(.stop) { transition(to: .parked(.idle), emit: .parkedIt) }
                    on(.park) { state in
                        guard case .running(let motor) = state else { return dontTransition() }
                        return transition(to: .parked(motor), emit: .parkedIt)
                    }
                }
                state(.parked) {
                    on(.unpark) { state in
                        guard case .parked(let motor) = state else { return dontTransition() }
                        return transition(to: .running(motor))
                    }
                }
                state(.broken) {
                    on(.tow) { transition(to: .running(.idle)) }
                    if composite {
                        onEnter { _, _ in }
                    }
                }
                superstate("driveable", containing: .running, .parked) {
                    on(.crash) { transition(to: .broken, emit: .crashed) }
                }
            }
        }
    }

    @Test func theChildIsSteppedFromTheParentsCellsOnlyWhenNothingElseIsPlanned() {
        #expect(Car.definition(composite: false).table.directChildBoxes.count == 1)
        #expect(Car.definition(composite: true).table.directChildBoxes.isEmpty)
    }

    @Test func theDirectStepAgreesWithTheCompositeStep() {
        let difference = Self.firstDifference(
            events: [.go, .stop, .jam, .drift, .park, .unpark, .crash, .tow], length: 20,
            direct: Car.definition(composite: false), composite: Car.definition(composite: true), describe: Self.describe
        )
        #expect(difference == nil)
    }

    /// The first of 300 random sequences of `length` events on which a machine of `direct` and
    /// one of `composite` give different outcomes or states, described; nil when none does.
    static func firstDifference<S: Equatable, E, F>(
        events: [E], length: Int, direct: StateMachine<S, E, F>.Definition, composite: StateMachine<S, E, F>.Definition,
        describe: (StateMachine<S, E, F>.Transition) -> String
    ) -> String? {
        var random = SystemRandomNumberGenerator()
        for sequence in 0..<300 {
            let a = StateMachine(definition: direct)
            let b = StateMachine(definition: composite)
            var sent: [E] = []
            for _ in 0..<length {
                let event = events.randomElement(using: &random)!
                sent.append(event)
                let (resultA, resultB) = (describe(a.tryTransition(event)), describe(b.tryTransition(event)))
                if resultA != resultB || a.state != b.state {
                    return "sequence \(sequence), events \(sent): direct \(resultA) in \(a.state), composite \(resultB) in \(b.state)"
                }
            }
        }
        return nil
    }

    @Test func aChildThatDeclinesLeavesTheEventToTheParentAndItsSuperstates() throws {
        let machine = StateMachine(definition: Car.definition(composite: false))
        // `stop` in idle: the motor does not take it, the parent's own handler does.
        #expect(Self.describe(machine.tryTransition(.stop)) == "valid running(idle) -> parked(idle) parkedIt")
        machine.tryTransition(.unpark)
        #expect(Self.describe(machine.tryTransition(.go)) == "valid running(idle) -> running(moving(1)) motor(started)")
        // The motor's handler throws: the parent's transition fails with its error.
        #expect(Self.describe(machine.tryTransition(.jam)).hasPrefix("failed Jammed"))
        #expect(Self.describe(machine.tryTransition(.crash)) == "valid running(moving(1)) -> broken crashed")
    }

    @Test func aMissingDefinitionInTheChildIsReportedWithTheParentsState() {
        let machine = StateMachine(definition: Car.definition(composite: false))
        machine.tryTransition(.drift)
        #expect(machine.state == .running(.lost))
        #expect(Self.describe(machine.tryTransition(.go)) == "failed missing definition running(lost)")
    }

    static func describe(_ transition: StateMachine<Car.State, Car.Event, Car.SideEffect>.Transition) -> String {
        switch transition {
        case .valid(let valid):
            return "valid \(text(valid.fromState)) -> \(text(valid.toState)) \(valid.sideEffect.map(text) ?? "nil")"
        case .invalid(let invalid):
            return "invalid \(text(invalid.fromState))"
        case .failed(let error as StateMachine<Car.State, Car.Event, Car.SideEffect>.MissingDefinitionError):
            return "failed missing definition \(text(error.state))"
        case .failed(let error):
            return "failed \(error)"
        }
    }

    static func text(_ sideEffect: Car.SideEffect) -> String {
        switch sideEffect {
        case .motor(let motor): "motor(\(motor))"
        case .parkedIt: "parkedIt"
        case .crashed: "crashed"
        }
    }

    static func text(_ state: Car.State) -> String {
        switch state {
        case .running(let motor): "running(\(motor))"
        case .parked(let motor): "parked(\(motor))"
        case .broken: "broken"
        }
    }

    // MARK: - Regions

    enum Lamp: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable { case off, on, smashed }
        enum Event: StateMachineHashable { case toggle, smash, fuse }
        enum SideEffect: Equatable { case lit, dark }
        struct Fused: Error {}

        /// `smashed` has no definition: the next event in it is a missing definition.
        static func definition(listener: Bool) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.off)
                state(.off) {
                    on(.toggle) { transition(to: .on, emit: .lit) }
                    on(.smash) { transition(to: .smashed) }
                    if listener {
                        onEnter { _, _ in }
                    }
                }
                state(.on) {
                    on(.toggle) { transition(to: .off, emit: .dark) }
                    on(.fuse) { _ in throw Fused() }
                }
            }
        }

        typealias Pair = StateMachine<OrthogonalState<State, State>, Event, [SideEffect]>

        /// The first lamp takes every event, the second only `toggle`.
        static func pair(listener: Bool) -> Pair.Definition {
            Pair.Definition(
                orthogonal: definition(listener: false), events: { $0 },
                and: definition(listener: listener), events: { $0 == .toggle ? .toggle : nil }
            )
        }
    }

    @Test func regionsAreSteppedFromTheProductsCellsOnlyWhenNothingElseIsPlanned() {
        #expect(Lamp.pair(listener: false).table.directProductBox != nil)
        #expect(Lamp.pair(listener: true).table.directProductBox == nil)
    }

    @Test func theDirectRegionStepAgreesWithTheCompositeStep() {
        let difference = Self.firstDifference(
            events: [.toggle, .toggle, .smash, .fuse], length: 12,
            direct: Lamp.pair(listener: false), composite: Lamp.pair(listener: true), describe: Self.describe
        )
        #expect(difference == nil)
    }

    @Test func directRegionsGiveTheProductsResults() {
        let machine = StateMachine(definition: Lamp.pair(listener: false))
        #expect(Self.describe(machine.tryTransition(.toggle)) == "valid off|off -> on|on [lit, lit]")
        // Only the first lamp takes `fuse`; its handler throws: the product fails, nothing moves.
        #expect(Self.describe(machine.tryTransition(.fuse)) == "failed Fused()")
        #expect(machine.state == OrthogonalState(.on, .on))
        #expect(Self.describe(machine.tryTransition(.smash)) == "invalid on|on")
        machine.tryTransition(.toggle)
        #expect(Self.describe(machine.tryTransition(.smash)) == "valid off|off -> smashed|off []")
        #expect(Self.describe(machine.tryTransition(.toggle)) == "failed missing definition smashed|off")
    }

    /// R23: the side effect lists those of the regions that emitted one, the first region's
    /// first, whether the regions are stepped from the product's cells or by the composite step.
    @Test(arguments: [false, true])
    func regionsListTheirSideEffectsInRegionOrder(listener: Bool) {
        let definition = Lamp.Pair.Definition(
            orthogonal: Lamp.definition(listener: false), events: { $0 },
            and: Lamp.other(listener: listener), events: { $0 }
        )
        #expect((definition.table.directProductBox != nil) == !listener)
        let machine = StateMachine(definition: definition)
        #expect(Self.describe(machine.tryTransition(.toggle)) == "valid off|off -> on|on [lit, dark]")
        #expect(Self.describe(machine.tryTransition(.toggle)) == "valid on|on -> off|off [dark, lit]")
        // The first region moves without a side effect, the second emits one.
        #expect(Self.describe(machine.tryTransition(.smash)) == "valid off|off -> smashed|on [dark]")
    }

    static func describe(_ transition: Lamp.Pair.Transition) -> String {
        func text(_ state: OrthogonalState<Lamp.State, Lamp.State>) -> String { "\(state.a)|\(state.b)" }
        switch transition {
        case .valid(let valid):
            return "valid \(text(valid.fromState)) -> \(text(valid.toState)) [\((valid.sideEffect ?? []).map { "\($0)" }.joined(separator: ", "))]"
        case .invalid(let invalid):
            return "invalid \(text(invalid.fromState))"
        case .failed(let error as Lamp.Pair.MissingDefinitionError):
            return "failed missing definition \(text(error.state))"
        case .failed(let error):
            return "failed \(error)"
        }
    }
}

extension DirectChildTests.Lamp {

    /// A second lamp whose side effects differ from the first's, so that their order shows.
    static func other(listener: Bool) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.off)
            state(.off) {
                on(.toggle) { transition(to: .on, emit: .dark) }
                on(.smash) { transition(to: .on, emit: .dark) }
                if listener {
                    onEnter { _, _ in }
                }
            }
            state(.on) {
                on(.toggle) { transition(to: .off, emit: .lit) }
            }
        }
    }
}
