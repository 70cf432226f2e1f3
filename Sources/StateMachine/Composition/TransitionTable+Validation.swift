/// The composition errors of rule R25, found by ``StateMachineTypes/Definition/validate()``.
extension TransitionTable {

    typealias Problem = StateMachineTypes.DefinitionError.Problem

    func compositionProblems() -> [Problem] {
        var problems = superstateProblems(superstates)
        guard let composition else { return problems }
        if let regions = composition.regions {
            problems += regionProblems(regions)
        }
        problems += childProblems(composition)
        problems += historyProblems(composition)
        problems += shallowHistoryProblems(composition)
        return problems
    }

    private func regionProblems(_ regions: Composition.Regions) -> [Problem] {
        var problems: [Problem] = []
        if regions.links.isEmpty {
            problems.append(Problem(file: regions.location.file, line: regions.location.line,
                message: "this product has no region: every event is invalid. Give it at least one region."))
        }
        var names: Set<String> = []
        for region in regions.links {
            if !names.insert(region.name).inserted {
                problems.append(Problem(file: region.location.file, line: region.location.line,
                    message: "two regions are named \"\(region.name)\": give each region its own name."))
            }
            if region.handlerCount == 0 {
                problems.append(Problem(file: region.location.file, line: region.location.line,
                    message: "no event reaches the region \"\(region.name)\": its machine has no handler. Add handlers to it, or remove the region."))
            } else if region.noEventReaches() {
                problems.append(Problem(file: region.location.file, line: region.location.line,
                    message: "no event reaches the region \"\(region.name)\": its `events` mapping gives none of the product's events a case that its machine handles. Map the events it should take, or remove the region."))
            }
            problems += region.problems()
        }
        problems += eventsNoRegionTakes(regions)
        return problems
    }

    /// The payload-less event cases of the product that no region takes (maps to an event its
    /// machine handles): sending them is always invalid. Nothing when some region cannot tell.
    private func eventsNoRegionTakes(_ regions: Composition.Regions) -> [Problem] {
        guard !regions.links.isEmpty, let cases = EnumCases<Event>() else { return [] }
        var taken: Set<Int> = []
        for region in regions.links {
            guard let mine = region.eventsTaken() else { return [] }
            taken.formUnion(mine)
        }
        var problems: [Problem] = []
        for tag in 0..<cases.count where !taken.contains(tag) && cases.payloadlessValue(ofTag: tag) != nil {
            let name = cases.name(ofTag: tag) ?? "\(tag)"
            problems.append(Problem(file: regions.location.file, line: regions.location.line,
                message: "the event \(name) is never handled: no region takes it (each maps it to nil or to an event its machine does not handle), so sending it is always invalid. Handle it in a region, or remove the case."))
        }
        return problems
    }

    /// Names used twice, empty superstates, cases named twice, and superstates that are equal or
    /// overlap. Two superstates are compared only when they share a case: each case lists the
    /// superstates declared so far that contain it, so the work is the number of cases times
    /// the depth of nesting (squared), not the number of superstates squared.
    private func superstateProblems(_ superstates: [SuperstateDefinition<State, Event, SideEffect>]) -> [Problem] {
        var problems: [Problem] = []
        let work = ValidationWork.counter
        var names: [String: SourceLocation] = [:]
        var superstatesOfCase: [State.HashableIdentifier: [Int]] = [:]
        var sizes: [Int] = []
        for (index, superstate) in superstates.enumerated() {
            let location = superstate.location
            work.add(1 + superstate.members.count)
            if let first = names[superstate.name] {
                problems.append(Problem(file: location.file, line: location.line,
                    message: "two superstates are named \"\(superstate.name)\" (the other at \(first.file):\(first.line)): give each its own name."))
            } else {
                names[superstate.name] = location
            }
            if superstate.members.isEmpty {
                problems.append(Problem(file: location.file, line: location.line,
                    message: "the superstate \"\(superstate.name)\" contains no state: name the cases it groups."))
            }
            let members = Set(superstate.members)
            if members.count != superstate.members.count {
                problems.append(Problem(file: location.file, line: location.line,
                    message: "the superstate \"\(superstate.name)\" names a case twice: name each case once."))
            }
            // How many cases each earlier superstate shares with this one.
            var shared: [Int: Int] = [:]
            for member in members {
                let others = superstatesOfCase[member] ?? []
                work.add(1 + others.count)
                for other in others { shared[other, default: 0] += 1 }
            }
            for (other, count) in shared.sorted(by: { $0.key < $1.key }) {
                let name = superstates[other].name
                if count == members.count && count == sizes[other] {
                    problems.append(Problem(file: location.file, line: location.line,
                        message: "the superstates \"\(name)\" and \"\(superstate.name)\" contain the same cases, so which is inside the other is undefined: merge them."))
                } else if count < members.count && count < sizes[other] {
                    problems.append(Problem(file: location.file, line: location.line,
                        message: "the superstates \"\(name)\" and \"\(superstate.name)\" overlap: they share some cases but each has one the other lacks. Make one contain all the cases of the other, or make them disjoint."))
                }
            }
            for member in members { superstatesOfCase[member, default: []].append(index) }
            sizes.append(members.count)
        }
        return problems
    }

    private func childProblems(_ composition: Composition) -> [Problem] {
        var problems: [Problem] = []
        let work = ValidationWork.counter
        for (index, link) in composition.children.sorted(by: { $0.key < $1.key }) {
            let definition = definitions[index]
            if !definition.matcher.isUnconditional {
                problems.append(Problem(file: link.location.file, line: link.location.line,
                    message: "the state definition of \(definition.matcher.identifier) that holds a child machine has a `where:` or `.eq` matcher: a move of the child could change which definition applies. Write `state(.\(definition.matcher.identifier))` without a predicate."))
            }
            let sameCase = stateCandidates[states.row(ofIdentifier: definition.matcher.identifier)]
            work.add(1 + sameCase.count)
            for otherIndex in sameCase.lazy.map({ Int($0) }) where otherIndex != index {
                let other = definitions[otherIndex]
                problems.append(Problem(file: other.location.file, line: other.location.line,
                    message: "this `state(\(other.matcher.identifier))` definition can match the case that holds a child machine (at \(link.location.file):\(link.location.line)): the child's case must have one definition. Merge the two blocks."))
            }
            problems += link.problems()
        }
        return problems
    }

    /// The history targets of the handlers and of the eventless transitions (R38), where each is
    /// declared, and what to call it in a message.
    func historyLinks(_ composition: Composition) -> [(link: HistoryLink<State, Event>, location: SourceLocation, what: String)] {
        composition.historyOfHandler.sorted(by: { $0.key < $1.key }).map { ($0.value, handlerLocations[$0.key], "handler") }
            + composition.eventlessHistories.map { ($0.link, $0.location, "eventless transition") }
    }

    private func historyProblems(_ composition: Composition) -> [Problem] {
        var problems: [Problem] = []
        let work = ValidationWork.counter
        let childCases = Set(composition.children.keys.map { definitions[$0].matcher.identifier })
        let childCaseNames = Set(childCases.map { "\($0)" })
        work.add(composition.children.count)
        for (history, location, what) in historyLinks(composition) {
            work.add(1 + history.otherTargets.count)
            for target in [history.target] + history.otherTargets {
                switch target {
                case .superstate(let name):
                    if composition.index(ofSuperstate: name) == nil {
                        problems.append(Problem(file: location.file, line: location.line,
                            message: "this \(what) goes to the history of \"\(name)\", which is not a superstate of this machine: name one of its superstates."))
                    }
                case .child(let identifier):
                    if !childCases.contains(identifier) {
                        problems.append(Problem(file: location.file, line: location.line,
                            message: "this \(what) goes to the history of the child of \(identifier), which holds no child machine: name a case whose definition has `child(...)`."))
                    }
                case .named(let name):
                    let isSuperstate = composition.index(ofSuperstate: name) != nil
                    let isChild = childCaseNames.contains(name)
                    if isSuperstate == isChild {
                        problems.append(Problem(file: location.file, line: location.line,
                            message: isSuperstate
                                ? "\"\(name)\" names both a superstate and a child-holding case: rename the superstate."
                                : "this \(what) goes to the history of \"\(name)\", which is neither a superstate nor a child-holding case of this machine."))
                    }
                }
            }
        }
        return problems
    }
}
