/// The delayed events (`after`, rule R18) in the graph: what validation says about them and how
/// diagrams label them.
extension DefinitionGraph {

    /// A delayed event of a state block: it sends `event` after `delay`.
    struct Timer {
        let delay: StateMachineTypes.Delay
        let event: Event.HashableIdentifier
        let location: SourceLocation
    }

    /// A delayed event whose event no handler of its state's case handles: every time it fires,
    /// its transition is invalid.
    func timersNotHandled() -> [Problem] {
        var problems: [Problem] = []
        let work = ValidationWork.counter
        for node in nodes where !node.timers.isEmpty {
            work.add(node.timers.count + node.handlers.count)
            let handled = Set(node.handlers.map(\.event))
            for timer in node.timers where !handled.contains(timer.event) {
                problems.append(Problem(
                    file: timer.location.file, line: timer.location.line,
                    message: "`state(\(node.state))` sends \(timer.event) after \(Self.delayText(timer.delay)) (`after`), but none of its handlers handles \(timer.event), so that transition is always invalid. Add an `on(\(timer.event))` handler to the state, or remove the delayed event."
                ))
            }
        }
        for (superstate, members, timer) in superstateTimers {
            work.add(members.count)
            // R28: the timer fires in whichever of the superstate's states the machine is in; the
            // state's handlers and its superstates' (those of this one included, R19) decide.
            let unhandled = members.filter { member in
                guard let index = indexOf[member] else { return false }
                return !nodes[index].handlers.contains { $0.event == timer.event }
            }
            guard !unhandled.isEmpty else { continue }
            let states = unhandled.map { "`state(\($0))`" }.joined(separator: ", ")
            problems.append(Problem(
                file: timer.location.file, line: timer.location.line,
                message: "`superstate(\"\(superstate)\")` sends \(timer.event) after \(Self.delayText(timer.delay)) (`after`), but neither \(states) nor a superstate containing it handles \(timer.event), so that transition is invalid when the timer fires there. Add an `on(\(timer.event))` handler to the superstate, or remove the delayed event."
            ))
        }
        return problems
    }

    /// ` after 30 s` when delayed events of `node` send `event` (their delays, in declaration
    /// order, without repeats); empty otherwise.
    func delayLabel(_ node: Node, _ event: Event.HashableIdentifier) -> String {
        var delays: [StateMachineTypes.Delay] = []
        for timer in node.timers where timer.event == event && !delays.contains(timer.delay) {
            delays.append(timer.delay)
        }
        return delays.isEmpty ? "" : " after " + delays.map { Self.delayText($0) }.joined(separator: ", ")
    }

    /// A delay in the largest whole unit among hours, minutes, seconds, milliseconds,
    /// microseconds and nanoseconds: `2 h`, `2 min`, `30 s`, `250 ms`, `1500 ns`; `90 s` stays
    /// in seconds rather than `1 min 30 s`.
    static func delayText(_ delay: StateMachineTypes.Delay) -> String {
        let nanoseconds = delay.nanoseconds
        guard nanoseconds != 0 else { return "0 s" }
        let units: [(size: UInt64, name: String)] = [
            (3_600_000_000_000, "h"), (60_000_000_000, "min"), (1_000_000_000, "s"), (1_000_000, "ms"), (1_000, "µs"),
        ]
        for unit in units where nanoseconds % unit.size == 0 {
            return "\(nanoseconds / unit.size) \(unit.name)"
        }
        return "\(nanoseconds) ns"
    }
}
