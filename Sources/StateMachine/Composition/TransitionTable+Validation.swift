/// The composition errors of rule R25, found by ``StateMachineTypes/Definition/validate()``.
extension TransitionTable {

    typealias Problem = StateMachineTypes.DefinitionError.Problem

    func compositionProblems() -> [Problem] {
        guard let composition else { return [] }
        var problems: [Problem] = []
        if let regions = composition.regions {
            problems += regionProblems(regions)
        }
        problems += superstateProblems(composition)
        problems += childProblems(composition)
        problems += historyProblems(composition)
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
        return problems
    }

    private func superstateProblems(_ composition: Composition) -> [Problem] {
        var problems: [Problem] = []
        let superstates = composition.superstates
        var names: [String: SourceLocation] = [:]
        for (index, superstate) in superstates.enumerated() {
            let location = superstate.location
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
            if Set(superstate.members).count != superstate.members.count {
                problems.append(Problem(file: location.file, line: location.line,
                    message: "the superstate \"\(superstate.name)\" names a case twice: name each case once."))
            }
            let members = Set(superstate.members)
            for other in superstates[..<index] {
                let others = Set(other.members)
                guard !members.isDisjoint(with: others) else { continue }
                if members == others {
                    problems.append(Problem(file: location.file, line: location.line,
                        message: "the superstates \"\(other.name)\" and \"\(superstate.name)\" contain the same cases, so which is inside the other is undefined: merge them."))
                } else if !members.isSubset(of: others) && !others.isSubset(of: members) {
                    problems.append(Problem(file: location.file, line: location.line,
                        message: "the superstates \"\(other.name)\" and \"\(superstate.name)\" overlap: they share some cases but each has one the other lacks. Make one contain all the cases of the other, or make them disjoint."))
                }
            }
        }
        return problems
    }

    private func childProblems(_ composition: Composition) -> [Problem] {
        var problems: [Problem] = []
        for (index, link) in composition.children.sorted(by: { $0.key < $1.key }) {
            let definition = definitions[index]
            if !definition.matcher.isUnconditional {
                problems.append(Problem(file: link.location.file, line: link.location.line,
                    message: "the state definition of \(definition.matcher.identifier) that holds a child machine has a `where:` or `.eq` matcher: a move of the child could change which definition applies. Write `state(.\(definition.matcher.identifier))` without a predicate."))
            }
            for (otherIndex, other) in definitions.enumerated() where otherIndex != index && other.matcher.identifier == definition.matcher.identifier {
                problems.append(Problem(file: other.location.file, line: other.location.line,
                    message: "this `state(\(other.matcher.identifier))` definition can match the case that holds a child machine (at \(link.location.file):\(link.location.line)): the child's case must have one definition. Merge the two blocks."))
            }
            problems += link.problems()
        }
        return problems
    }

    private func historyProblems(_ composition: Composition) -> [Problem] {
        var problems: [Problem] = []
        let childCases = Set(composition.children.keys.map { definitions[$0].matcher.identifier })
        for (handler, history) in composition.historyOfHandler.sorted(by: { $0.key < $1.key }) {
            let location = handlerLocations[handler]
            for target in [history.target] + history.otherTargets {
                switch target {
                case .superstate(let name):
                    if composition.index(ofSuperstate: name) == nil {
                        problems.append(Problem(file: location.file, line: location.line,
                            message: "this handler goes to the history of \"\(name)\", which is not a superstate of this machine: name one of its superstates."))
                    }
                case .child(let identifier):
                    if !childCases.contains(identifier) {
                        problems.append(Problem(file: location.file, line: location.line,
                            message: "this handler goes to the history of the child of \(identifier), which holds no child machine: name a case whose definition has `child(...)`."))
                    }
                case .named(let name):
                    let isSuperstate = composition.index(ofSuperstate: name) != nil
                    let isChild = childCases.contains { "\($0)" == name }
                    if isSuperstate == isChild {
                        problems.append(Problem(file: location.file, line: location.line,
                            message: isSuperstate
                                ? "\"\(name)\" names both a superstate and a child-holding case: rename the superstate."
                                : "this handler goes to the history of \"\(name)\", which is neither a superstate nor a child-holding case of this machine."))
                    }
                }
            }
        }
        return problems
    }
}
