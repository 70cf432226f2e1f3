/// A composite definition as drawn: its states and handlers, its superstates with their own
/// handlers, the child machines inside its states and its regions, each a tree of its own.
/// Names are text, so that levels of different types nest.
struct DiagramTree {

    enum Source: Equatable {
        case state(Int)
        case superstate(Int)
    }

    enum Target: Equatable {
        case state(Int)
        /// A handler without declared targets: it may lead anywhere.
        case undeclared
        /// The history of the superstate or child-holding case of this name.
        case history(String)
    }

    struct Edge: Equatable {
        let from: Source
        let to: Target
        let label: String
    }

    struct Superstate {
        let name: String
        let members: [Int]
    }

    /// The state cases, the initial state's first.
    var states: [String] = []
    var finals: [Bool] = []
    var edges: [Edge] = []
    var superstates: [Superstate] = []
    /// The child machine drawn inside each child-holding state.
    var children: [Int: DiagramTree] = [:]
    var regions: [(name: String, tree: DiagramTree)] = []
    /// What a product is labelled with: its state's case name when states are identified by
    /// name (fixtures), else the name of its state type.
    var productName = ""

    /// - Parameter initialState: Where the level starts, when not in the definition's initial
    ///   state: a region starts in its part of the product's initial state.
    init<State, Event, SideEffect>(_ definition: StateMachineTypes.Definition<State, Event, SideEffect>, initialState: State? = nil) {
        let graph = DefinitionGraph<State, Event>(
            initialState: initialState ?? definition.initialState, components: definition.components, superstateHandlers: false
        )
        var index: [State.HashableIdentifier: Int] = [:]
        for node in graph.nodes {
            index[node.state] = states.count
            states.append(DiagramText.shown("\(node.state)"))
            finals.append(node.isFinal)
        }
        func add(_ from: Source, _ label: String, targets: [State.HashableIdentifier]?, history: String?) {
            let ends: [Target]
            if let history {
                ends = [.history(history)]
            } else if let targets {
                ends = targets.compactMap { index[$0].map(Target.state) }
            } else {
                ends = [.undeclared]
            }
            for to in ends where !edges.contains(Edge(from: from, to: to, label: label)) {
                edges.append(Edge(from: from, to: to, label: label))
            }
        }
        for (offset, node) in graph.nodes.enumerated() {
            for handler in node.handlers {
                for branch in handler.branches {
                    let label = graph.edgeLabel(node, handler, branch)
                    add(.state(offset), label, targets: branch.targets, history: handler.history.map(DiagramText.shown))
                }
            }
            // R27: the state's `onDone` runs when its child finishes.
            for targets in node.doneTargets {
                add(.state(offset), "onDone", targets: targets, history: nil)
            }
        }
        for superstate in definition.table.superstates {
            let offset = superstates.count
            superstates.append(Superstate(name: DiagramText.shown(superstate.name), members: superstate.members.compactMap { index[$0] }))
            var delays: [Event.HashableIdentifier: [StateMachineTypes.Delay]] = [:]
            for handler in superstate.handlers {
                if case .after(let delay, let event) = handler.kind, delays[event.hashableIdentifier]?.contains(delay) != true {
                    delays[event.hashableIdentifier, default: []].append(delay)
                }
            }
            for handler in superstate.handlers {
                guard case .on(let matcher, _) = handler.kind else { continue }
                // R28: the superstate's own `after` that sends the event, as a state's is labelled.
                let delay = delays[matcher.identifier].map { " after " + $0.map { DefinitionGraph<State, Event>.delayText($0) }.joined(separator: ", ") } ?? ""
                for branch in DefinitionGraph<State, Event>.branches(of: handler) {
                    let label = DefinitionGraph<State, Event>.edgeLabel(
                        "\(matcher.identifier)" + delay, guards: matcher.guardTexts(of: "event") + (branch.condition.map { [$0] } ?? []),
                        sideEffects: branch.sideEffects
                    )
                    add(.superstate(offset), label, targets: branch.targets,
                        history: handler.history.map { DiagramText.shown(DefinitionGraph<State, Event>.historyName($0.target)) })
                }
            }
        }
        guard let composition = definition.table.composition else { return }
        for (row, link) in composition.children {
            if let offset = index[definition.table.definitions[row].matcher.identifier] {
                children[offset] = link.diagram()
            }
        }
        let start = initialState ?? definition.initialState
        regions = composition.regions?.links.map { (DiagramText.shown($0.name), $0.diagram(start)) } ?? []
        productName = DiagramText.shown(
            State.HashableIdentifier.self == String.self ? "\(start.hashableIdentifier)" : "\(State.self)"
        )
    }

    /// Whether the definition has anything a flat diagram does not draw.
    var isComposite: Bool {
        !superstates.isEmpty || !children.isEmpty || !regions.isEmpty
    }

    /// The superstate directly containing each superstate (the smallest one with all its
    /// cases and more, or with the same cases and declared before it), nil for the outermost.
    var parents: [Int?] {
        superstates.indices.map { inner in
            let members = Set(superstates[inner].members)
            return superstates.indices
                .filter { outer in
                    let cases = Set(superstates[outer].members)
                    return cases.isStrictSuperset(of: members) || (outer < inner && cases == members)
                }
                .min { Self.isInner($0, than: $1, superstates) }
        }
    }

    /// The innermost superstate of each state, nil when none contains it: the smallest, the
    /// last declared of those with the same cases.
    var innermost: [Int?] {
        states.indices.map { state in
            superstates.indices.filter { superstates[$0].members.contains(state) }.min { Self.isInner($0, than: $1, superstates) }
        }
    }

    /// Whether superstate `a` is drawn inside `b` when both contain the same state: it has
    /// fewer cases, or as many and is declared later.
    private static func isInner(_ a: Int, than b: Int, _ superstates: [Superstate]) -> Bool {
        let (countA, countB) = (superstates[a].members.count, superstates[b].members.count)
        return countA != countB ? countA < countB : a > b
    }

    /// The history names some edge of this level targets.
    var historyTargets: [String] {
        var names: [String] = []
        for edge in edges {
            if case .history(let name) = edge.to, !names.contains(name) { names.append(name) }
        }
        return names
    }
}
