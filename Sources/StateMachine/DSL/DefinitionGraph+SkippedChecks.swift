/// What ``StateMachineTypes/Definition/validate()`` could not check, and why: one note per
/// skipped check, located where the definition is written, so that a definition that passes is
/// not taken for one that was fully checked.
extension DefinitionGraph {

    /// - Parameters:
    ///   - checkingEvents: Whether events no state handles are looked for at all (not for a
    ///     product of regions, which checks them itself).
    ///   - definition: Where the definition was written; nil: at its first `state` block.
    func skippedChecks(checkingEvents: Bool, definedAt definition: SourceLocation?) -> [Problem] {
        var skipped: [Problem] = []
        let undeclared = undeclaredReachableHandlers()
        if let first = undeclared.first {
            let at = definition ?? firstLocation ?? first.location
            let list = undeclared.map { "`\($0.call)` in `state(\($0.state))` at \(Self.place($0.location, from: at))" }
            skipped.append(Problem(
                file: at.file, line: at.line,
                message: "not checked: whether every state is reached from the initial state \(initial), because these handlers declare no targets (`to:`), so they may lead anywhere: \(list.joined(separator: ", ")). Declare their targets with `to:` to have it checked."
            ))
        }
        if checkingEvents, let at = definition ?? firstLocation {
            if hasChild {
                skipped.append(Problem(
                    file: at.file, line: at.line,
                    message: "not checked: whether every event is handled, because a state holds a child machine, whose event mapping may take any event."
                ))
            } else if Self.eventCaseNames(handled: []) == nil {
                skipped.append(Problem(
                    file: at.file, line: at.line,
                    message: "not checked: whether every event is handled, because the cases of \(Self.typeName(Event.self)) cannot be listed: it is not an enum that is its own `HashableIdentifier`, or whose `HashableIdentifier` is a `String` enum named after its cases."
                ))
            }
        }
        return skipped
    }

    /// The handlers without declared targets in the states that declared targets reach from
    /// the initial state: the ones whose targets reachability would have to know. Each once,
    /// in the order reached (a superstate's handler is in every state it contains).
    func undeclaredReachableHandlers() -> [(call: String, state: State.HashableIdentifier, location: SourceLocation)] {
        let work = ValidationWork.counter
        var found: [(call: String, state: State.HashableIdentifier, location: SourceLocation)] = []
        var seenHandlers: Set<String> = []
        var seen: Set<State.HashableIdentifier> = [initial]
        var queue = [initial]
        while !queue.isEmpty {
            let state = queue.removeFirst()
            guard let index = indexOf[state] else { continue }
            let node = nodes[index]
            work.add(1 + node.handlers.count + node.doneTargets.count)
            for handler in node.handlers {
                guard let targets = handler.targets else {
                    if seenHandlers.insert("\(handler.location.file):\(handler.location.line):\(handler.event)").inserted {
                        found.append(("on(\(handler.event))", state, handler.location))
                    }
                    continue
                }
                for target in targets where seen.insert(target).inserted { queue.append(target) }
            }
            for targets in node.doneTargets {
                guard let targets else {
                    if let location = node.definitions.first, seenHandlers.insert("onDone:\(state)").inserted {
                        found.append(("onDone", state, location))
                    }
                    continue
                }
                for target in targets where seen.insert(target).inserted { queue.append(target) }
            }
        }
        return found
    }

    /// `line 14` when `location` is in the file of `reference`, `File.swift:14` otherwise.
    static func place(_ location: SourceLocation, from reference: SourceLocation) -> String {
        location.file == reference.file ? "line \(location.line)" : "\(location.file):\(location.line)"
    }

    /// The type's name as written in its module, `Turnstile.Event`; its plain name when it is
    /// declared in a function.
    static func typeName(_ type: Any.Type) -> String {
        let reflected = String(reflecting: type)
        // A type declared in a function reflects as `Module.(unknown context at $…).Event`.
        guard !reflected.contains("(" as Character), let dot = reflected.firstIndex(of: ".") else {
            return String(describing: type)
        }
        return String(reflected[reflected.index(after: dot)...])
    }
}
