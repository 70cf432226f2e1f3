extension Fixture {

    /// The differential-trace lines of this fixture's machine (TRACE.md): `count` random
    /// sequences of events and clock advances, sequence `i` seeded with `seed + i`, each as
    /// `<name> <seed> <canonical trace JSON>` without the line end.
    ///
    /// - Returns: no lines when the fixture has no `machine` or no event step.
    public func traceLines(sequences count: Int, seed: UInt64) -> [String] {
        guard let machine else { return [] }
        let events = Self.distinct(scenarios.flatMap { scenario in
            scenario.steps.compactMap { step -> FixtureValue? in
                if case .event(let event, _, _) = step { return event }
                return nil
            }
        })
        // The clock's moves of the advance steps, in order of first appearance: drawn as symbols
        // after the events (TRACE.md).
        var advances: [Int64] = []
        for case .advance(let milliseconds, _, _) in scenarios.flatMap(\.steps) where !advances.contains(milliseconds) {
            advances.append(milliseconds)
        }
        let starts = Self.distinct([machine.initialState] + scenarios.compactMap(\.start))
        guard !events.isEmpty else { return [] }

        let recorder = CallRecorder()
        let definition = TableBuilder.definition(machine, recorder: recorder)
        var lines: [String] = []
        lines.reserveCapacity(count)
        for sequence in 0..<count {
            let sequenceSeed = seed &+ UInt64(sequence)
            var random = SplitMix64(seed: sequenceSeed)
            let start = starts[random.below(starts.count)]
            let length = 1 + random.below(16)
            let session = TableSession(definition: definition, start: start, recorder: recorder)
            var steps: [String] = []
            for _ in 0..<length {
                let symbol = random.below(events.count + advances.count)
                if symbol >= events.count {
                    let milliseconds = advances[symbol - events.count]
                    let (outcomes, calls) = session.advance(milliseconds: milliseconds)
                    steps.append(Canonical.object([
                        ("advance", "\(milliseconds)"), ("expect", Canonical.array(outcomes.map(\.description))),
                        ("calls", Canonical.array(calls.map(\.description))),
                    ]))
                    continue
                }
                let event = events[symbol]
                let (outcome, calls) = session.send(event)
                steps.append(Canonical.object([
                    ("event", "\(event)"), ("expect", "\(outcome)"), ("calls", Canonical.array(calls.map(\.description))),
                ]))
            }
            var fields = [("start", "\(start)"), ("steps", Canonical.array(steps)), ("final", "\(session.machine.state)")]
            // R34: the calls of the machine's start, only for a machine that runs to completion (TRACE.md).
            if machine.initialEvent != nil { fields.append(("initialCalls", Canonical.array(session.initialCalls.map(\.description)))) }
            let trace = Canonical.object(fields)
            lines.append("\(name) \(sequenceSeed) \(trace)")
        }
        return lines
    }

    /// The trace lines of `--starts-only` (TRACE.md): one per start, in the order of the starts,
    /// with no event: what the machine does by itself from its start (R34), as an SCXML test
    /// runs. A fixture without a machine has none; a machine file (no scenarios) has one. With
    /// `advance`, each trace has one advance step of that many milliseconds: what the machine does
    /// by itself in that time, its timers included.
    public func startTraceLines(advance: Int64? = nil) -> [String] {
        guard let machine else { return [] }
        let starts = Self.distinct([machine.initialState] + scenarios.compactMap(\.start))
        let recorder = CallRecorder()
        let definition = TableBuilder.definition(machine, recorder: recorder)
        return starts.map { start in
            let session = TableSession(definition: definition, start: start, recorder: recorder)
            var steps: [String] = []
            if let advance {
                let (outcomes, calls) = session.advance(milliseconds: advance)
                steps.append(Canonical.object([
                    ("advance", "\(advance)"), ("expect", Canonical.array(outcomes.map(\.description))),
                    ("calls", Canonical.array(calls.map(\.description))),
                ]))
            }
            var fields = [("start", "\(start)"), ("steps", Canonical.array(steps)), ("final", "\(session.machine.state)")]
            if machine.initialEvent != nil { fields.append(("initialCalls", Canonical.array(session.initialCalls.map(\.description)))) }
            return "\(name) start \(Canonical.object(fields))"
        }
    }

    private static func distinct(_ values: [FixtureValue]) -> [FixtureValue] {
        var seen: Set<FixtureValue> = []
        return values.filter { seen.insert($0).inserted }
    }
}
