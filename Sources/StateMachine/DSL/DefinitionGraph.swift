/// A definition seen as a graph of state cases: what ``StateMachineTypes/Definition/validate()``
/// checks and what ``StateMachineTypes/Definition/diagram(format:)`` draws.
///
/// Nodes are state cases (payloads and `where:` predicates of state blocks are ignored), in the
/// order they are first named: the initial state, the `state` blocks, then declared targets.
/// Each node has the `on` handlers of every block of its case, in declaration order, with the
/// targets they declared (nil when they declared none: such a handler may lead anywhere).
struct DefinitionGraph<State: StateMachineHashable, Event: StateMachineHashable> {

    typealias Problem = StateMachineTypes.DefinitionError.Problem

    struct Handler {
        let event: Event.HashableIdentifier
        /// What diagrams write for the `where:` predicates and `.eq` matchers that decide if
        /// the handler applies, its state block's first: `guard`, a label, `event == …`.
        let guards: [String]
        let targets: [State.HashableIdentifier]?
        let location: SourceLocation
        /// The superstate or child-holding case a history handler goes to the history of.
        var history: String? = nil
        /// The ways the handler may go, as diagrams draw them: one to `targets` with the side
        /// effects it declares, or those its definition tells (a fixture's `if`).
        var branches: [DiagramBranch<State.HashableIdentifier>] = []

        /// Whether a `where:` predicate or an `.eq` matcher decides if the handler applies
        /// (its own, or its state block's).
        var isGuarded: Bool { !guards.isEmpty }
    }

    struct Node {
        let state: State.HashableIdentifier
        /// The `state` blocks of the case; empty when the case is only named as a target or as
        /// the initial state.
        var definitions: [SourceLocation] = []
        var isFinal = false
        var handlers: [Handler] = []
        /// The delayed events of every block of the case (`after`), in declaration order.
        var timers: [Timer] = []
        /// The targets each `onDone` handler of the case declared (nil: none declared), R27.
        var doneTargets: [[State.HashableIdentifier]?] = []
    }

    let initial: State.HashableIdentifier
    private(set) var nodes: [Node] = []
    private(set) var indexOf: [State.HashableIdentifier: Int] = [:]
    /// The location of the first `state` block, where problems of the whole definition are
    /// reported.
    private(set) var firstLocation: SourceLocation?
    /// The initial event of a definition that runs to completion (R34), which no handler takes.
    private var initialEvent: Event.HashableIdentifier?
    /// Whether a state delegates to a child machine, whose event mapping (a closure) may
    /// handle any event: then no event is reported as never handled.
    private(set) var hasChild = false
    /// The `on` handlers written in a `finalState` block and the `onDone` handlers that never
    /// run (R27).
    private var finalHandlers: [Problem] = []
    /// The delayed events of the superstates (R28), with the superstate's name and cases.
    var superstateTimers: [(superstate: String, members: [State.HashableIdentifier], timer: Timer)] = []

    /// - Parameter superstateHandlers: Whether the handlers of superstates are added to the
    ///   states they contain (R19), as validation needs; composite diagrams draw them once.
    init<SideEffect>(
        initialState: State, components: [StateMachineTypes.Component<State, Event, SideEffect>],
        superstateHandlers: Bool = true
    ) {
        initial = initialState.hashableIdentifier
        let work = ValidationWork.counter
        work.add(components.count)
        _ = node(initial)
        var targets: [State.HashableIdentifier] = []
        var superstates: [SuperstateDefinition<State, Event, SideEffect>] = []
        for component in components {
            if case .superstate(let superstate) = component.kind { superstates.append(superstate) }
            // The initial event of a definition that runs to completion is never handled, by
            // design: it is what the listeners of the start see (R34).
            if case .runToCompletion(let event) = component.kind { initialEvent = initialEvent ?? event.hashableIdentifier }
            guard case .state(let definition) = component.kind else { continue }
            hasChild = hasChild || definition.handlers.contains { if case .child = $0.kind { true } else { false } }
            firstLocation = firstLocation ?? definition.location
            let index = node(definition.matcher.identifier)
            nodes[index].definitions.append(definition.location)
            nodes[index].isFinal = nodes[index].isFinal || definition.isFinal
            finalHandlers += Self.completionProblems(of: definition)
            work.add(definition.handlers.count)
            for handler in definition.handlers {
                if case .after(let delay, let event) = handler.kind {
                    nodes[index].timers.append(Timer(delay: delay, event: event.hashableIdentifier, location: handler.location))
                }
                if case .onDone = handler.kind {
                    nodes[index].doneTargets.append(handler.targets)
                    targets += handler.targets ?? []
                }
                // An eventless transition (R33) leaves the state without an event, to a target
                // it does not declare.
                if case .always = handler.kind, !definition.isFinal { nodes[index].doneTargets.append(nil) }
                guard case .on(let matcher, _) = handler.kind else { continue }
                if definition.isFinal {
                    finalHandlers.append(Problem(
                        file: handler.location.file, line: handler.location.line,
                        message: "this `on(\(matcher.identifier))` handler is in `finalState(\(definition.matcher.identifier))`, and a final state handles no event: the machine has finished there (R27), so the handler never runs. Move it to a `state(\(definition.matcher.identifier)) { … }` block, or remove it."
                    ))
                    continue
                }
                nodes[index].handlers.append(Handler(
                    event: matcher.identifier,
                    guards: definition.matcher.guardTexts(of: "state") + matcher.guardTexts(of: "event"),
                    targets: handler.targets, location: handler.location,
                    history: handler.history.map { Self.historyName($0.target) }, branches: Self.branches(of: handler)
                ))
                targets += handler.targets ?? []
            }
        }
        for superstate in superstates {
            for handler in superstate.handlers {
                // A superstate's eventless transition (R38) is a way out of each state it holds.
                if case .always = handler.kind {
                    for member in Set(superstate.members) {
                        guard let index = indexOf[member], !nodes[index].isFinal else { continue }
                        nodes[index].doneTargets.append(nil)
                    }
                }
                guard case .after(let delay, let event) = handler.kind else { continue }
                superstateTimers.append((superstate.name, superstate.members, Timer(delay: delay, event: event.hashableIdentifier, location: handler.location)))
            }
        }
        // A superstate's handlers are handlers of every state it contains (R19).
        for superstate in superstates where superstateHandlers {
            for handler in superstate.handlers {
                guard case .on(let matcher, _) = handler.kind else { continue }
                let members = Set(superstate.members)
                work.add(members.count)
                for member in members {
                    guard let index = indexOf[member] else { continue }
                    nodes[index].handlers.append(Handler(
                        event: matcher.identifier, guards: matcher.guardTexts(of: "event"),
                        targets: handler.history == nil ? handler.targets : nil, location: handler.location
                    ))
                }
            }
        }
        for target in targets { _ = node(target) }
    }

    /// The ways `handler` may go, as diagrams draw them: those its definition tells, or one to
    /// its declared targets with its declared side effects.
    static func branches<SideEffect>(of handler: StateMachineTypes.EventHandler<State, Event, SideEffect>) -> [DiagramBranch<State.HashableIdentifier>] {
        handler.branches ?? [DiagramBranch(condition: nil, targets: handler.targets, sideEffects: handler.sideEffects)]
    }

    /// The name a history target is drawn with: the superstate's, or the child-holding case's.
    static func historyName(_ target: HistoryTarget<State>) -> String {
        switch target {
        case .superstate(let name), .named(let name): name
        case .child(let identifier): "\(identifier)"
        }
    }

    private mutating func node(_ state: State.HashableIdentifier) -> Int {
        if let index = indexOf[state] { return index }
        indexOf[state] = nodes.count
        nodes.append(Node(state: state))
        return nodes.count - 1
    }

    // MARK: - Problems

    /// The problems only a graph shows: unreachable states, states with no way out, declared
    /// targets without a definition, events never handled.
    /// - Parameter checkingEvents: Whether events no state handles are reported; not for a
    ///   region that shares its product's `Event` type, whose other events are other regions'.
    /// - Parameter definedAt: Where the definition was written, where events no state handles
    ///   are reported; nil: at the first `state` block.
    func problems(checkingEvents: Bool = true, definedAt location: SourceLocation? = nil) -> [Problem] {
        finalHandlers + unreachableStates() + statesWithNoWayOut()
            + (checkingEvents ? eventsNeverHandled(at: location) : []) + timersNotHandled()
    }

    /// The cases reachable from the initial state along declared targets; nil when a reachable
    /// state has a handler that declares nothing, so that anything may be reachable.
    func reachable() -> Set<State.HashableIdentifier>? {
        reachable(from: [initial])
    }

    /// The cases reachable from `starts` along declared targets; nil when a reachable state has
    /// a handler that declares nothing.
    func reachable(from starts: [State.HashableIdentifier]) -> Set<State.HashableIdentifier>? {
        let work = ValidationWork.counter
        var seen = Set(starts)
        var queue = Array(seen)
        while let state = queue.popLast() {
            guard let index = indexOf[state] else { continue }
            work.add(1 + nodes[index].handlers.count)
            for targets in nodes[index].handlers.map(\.targets) + nodes[index].doneTargets {
                guard let targets else { return nil }
                for target in targets where seen.insert(target).inserted {
                    queue.append(target)
                }
            }
        }
        return seen
    }

    private func unreachableStates() -> [Problem] {
        guard let reachable = reachable() else { return [] }
        return nodes.filter { !$0.definitions.isEmpty && !reachable.contains($0.state) }.map { node in
            Problem(
                file: node.definitions[0].file, line: node.definitions[0].line,
                message: "`state(\(node.state))` is never reached: no declared transition leads to it from the initial state \(initial). Remove it, or add \(node.state) to the `to:` list of a handler that goes there."
            )
        }
    }

    private func statesWithNoWayOut() -> [Problem] {
        var problems: [Problem] = []
        let work = ValidationWork.counter
        // The first handler that declares each target, in node and declaration order.
        var firstDeclaring: [State.HashableIdentifier: (source: Node, handler: Handler)] = [:]
        for source in nodes {
            for handler in source.handlers {
                work.add(1 + (handler.targets?.count ?? 0))
                for target in handler.targets ?? [] where firstDeclaring[target] == nil {
                    firstDeclaring[target] = (source, handler)
                }
            }
        }
        for node in nodes where !node.isFinal && node.doneTargets.isEmpty {
            work.add(1 + node.handlers.count)
            let fix = "Add a handler that leaves it, or write `finalState(\(node.state))` if the machine may end there."
            if let location = node.definitions.first {
                if node.handlers.isEmpty {
                    problems.append(Problem(
                        file: location.file, line: location.line,
                        message: "`state(\(node.state))` has no way out: it handles no event, and it is not a final state. \(fix)"
                    ))
                } else if node.handlers.allSatisfy({ $0.targets?.allSatisfy { $0 == node.state } ?? false }) {
                    problems.append(Problem(
                        file: location.file, line: location.line,
                        message: "`state(\(node.state))` has no way out: its handlers declare no target but \(node.state), and it is not a final state. \(fix)"
                    ))
                }
            } else if node.state != initial {
                // A declared target without a definition: the first handler that declares it.
                if let (source, handler) = firstDeclaring[node.state] {
                    problems.append(Problem(
                        file: handler.location.file, line: handler.location.line,
                        message: "this `on(\(handler.event))` handler in `state(\(source.state))` declares the target \(node.state), which has no state definition, so every event fails there. Add `state(\(node.state)) { … }`, or `finalState(\(node.state))` if the machine may end there."
                    ))
                }
            }
        }
        return problems
    }

    private func eventsNeverHandled(at definition: SourceLocation?) -> [Problem] {
        guard !hasChild, let location = definition ?? firstLocation else { return [] }
        // One set, filled in one loop: each event case once, and no array per node (run as
        // unspecialized generic code, each new array costs a metadata lookup).
        var handled: Set<Event.HashableIdentifier> = initialEvent.map { [$0] } ?? []
        for node in nodes {
            for handler in node.handlers { handled.insert(handler.event) }
        }
        guard let names = Self.eventCaseNames(handled: Array(handled)) else { return [] }
        return names.all.filter { !names.handled.contains($0) }.map { name in
            Problem(
                file: location.file, line: location.line,
                message: "the event \(name) is never handled: no state has an `on(\(name))` handler, so sending it is always invalid. Add `on(.\(name)) { … }` to the state that should accept it, or remove `case \(name)` from \(Self.typeName(Event.self))."
            )
        }
    }

    /// Every case name of `Event`, and the names of the `handled` identifiers; nil when the
    /// cases cannot be enumerated: `Event` is not an enum, has no reflection metadata, or
    /// identifies its cases in a way other than by itself or by a `String` enum named after them.
    static func eventCaseNames(handled: [Event.HashableIdentifier]) -> (all: [String], handled: Set<String>)? {
        guard Event.HashableIdentifier.self == Event.self || StringRawValues.hasStringRawValues(Event.HashableIdentifier.self),
              let cases = EnumCases<Event>() else { return nil }
        let all = (0..<cases.count).compactMap { cases.name(ofTag: $0) }
        guard all.count == cases.count else { return nil }
        var names: Set<String> = []
        for identifier in handled {
            if let event = identifier as? Event {
                guard let name = cases.name(ofTag: cases.tag(of: event)) else { return nil }
                names.insert(name)
            } else if let raw = StringRawValues.rawValue(of: identifier) {
                names.insert(raw)
            } else {
                return nil
            }
        }
        return (all, names)
    }
}
