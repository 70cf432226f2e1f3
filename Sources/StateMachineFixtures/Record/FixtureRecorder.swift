import StateMachine

/// Records a fixture from your code-defined machine: runs each scenario's events on a new machine
/// and writes what happened (results, listener calls, final states) as the expected results.
///
/// Recording is the one place where a fixture's expected results come from code rather than from
/// the specification: the recorded file says so with
/// `"origin": {"kind": "recorded", "from": "<machineName>", "runtime": "swift"}`. Use it to pin
/// down what a machine does today, or to hand a Kotlin team a fixture their machine must pass.
///
/// The text is the canonical form of a recorded fixture (FIXTURES.md, "Recorded fixtures"): the
/// Kotlin `FixtureRecorder` writes the same bytes for the same machine, name and events, apart
/// from the runtime.
///
/// ```swift
/// let recorder = FixtureRecorder("Turnstile (Turnstile.swift)", definition: Turnstile.definition)
/// let text = try recorder.record(
///     name: "turnstile-recorded", description: "The iOS turnstile.", rules: ["R7", "R9"],
///     scenarios: [.init("pay and pass", events: [.insertCoin(value: 50), .admitPerson])]
/// )
/// ```
public struct FixtureRecorder<State: StateMachineHashable, Event: StateMachineHashable, SideEffect> {

    /// A scenario to record: its events, sent in order, from `start` or the machine's initial state.
    public struct Scenario {
        public let name: String
        public let events: [Event]
        public let start: State?

        public init(_ name: String, events: [Event], start: State? = nil) {
            self.name = name
            self.events = events
            self.start = start
        }
    }

    /// The name written as the recorded fixture's `origin.from`.
    public let machineName: String
    let makeMachine: (State?) -> StateMachine<State, Event, SideEffect>
    let mapping: FixtureMapping<State, Event, SideEffect>
    let listeners: FixtureListenerRecorder<State, Event>?

    /// A recorder of machines made by `makeMachine`, which receives the scenario's `start` (nil
    /// when the scenario has none).
    ///
    /// - Parameters:
    ///   - machineName: Names the machine in the recorded fixture's origin.
    ///   - makeMachine: Makes a fresh machine for each scenario, started in the scenario's `start`
    ///     when it has one.
    ///   - mapping: Converts the machine's states, events and side effects to the fixture's values.
    ///   - listeners: When your `onEnter` / `onExit` listeners call it, their calls are recorded;
    ///     without it the recording lists `onTransition` calls only and its description says so.
    public init(
        _ machineName: String,
        machine makeMachine: @escaping (State?) -> StateMachine<State, Event, SideEffect>,
        mapping: FixtureMapping<State, Event, SideEffect>,
        listeners: FixtureListenerRecorder<State, Event>? = nil
    ) {
        self.machineName = machineName
        self.makeMachine = makeMachine
        self.mapping = mapping
        self.listeners = listeners
    }

    /// A recorder of machines made from `definition`, converting values with `mapping`.
    public init(
        _ machineName: String,
        definition: StateMachine<State, Event, SideEffect>.Definition,
        mapping: FixtureMapping<State, Event, SideEffect>,
        listeners: FixtureListenerRecorder<State, Event>? = nil
    ) {
        self.init(
            machineName,
            machine: { start in StateMachine(definition: start.map(definition.startingIn) ?? definition) },
            mapping: mapping, listeners: listeners
        )
    }

    /// The recorded fixture's text; write it to `<name>.json`.
    ///
    /// - Throws: ``FixtureRecordingError`` when there is no rule or no scenario, a scenario has
    ///   no event, two scenarios share a name, or a value cannot be encoded.
    public func record(name: String, description: String, rules: [String], scenarios: [Scenario]) throws(FixtureRecordingError) -> String {
        guard !rules.isEmpty else { throw FixtureRecordingError("a fixture names at least one rule it exercises (R1, R2, ...)") }
        guard !scenarios.isEmpty else { throw FixtureRecordingError("a fixture has at least one scenario") }
        var recorded: [RecordedScenario] = []
        var names: Set<String> = []
        for scenario in scenarios {
            guard !scenario.events.isEmpty else { throw FixtureRecordingError("scenario \(Canonical.string(scenario.name)) has no event") }
            guard names.insert(scenario.name).inserted else {
                throw FixtureRecordingError("scenario \(Canonical.string(scenario.name)) is named twice: scenario names are unique in a fixture")
            }
            recorded.append(try run(scenario))
        }
        let fullDescription = listeners != nil ? description
            : description + " The machine's onEnter/onExit listeners were not observed: calls list onTransition only."
        let layout = RecordingLayout(name: name, description: fullDescription, rules: rules, from: machineName, runtime: "swift", scenarios: recorded)
        return try layout.checkedText()
    }

    /// Records from a scenarios file (`{"description", "rules", "scenarios": [{"name", "start"?,
    /// "events"}], "generate": {"events", "depth"?, "random"?, "length"?, "seed"?}}`, values in
    /// their fixture form) into the file `out`, whose name gives the fixture's name: the same file
    /// the Kotlin recorder's `record --scenarios` reads. The listed scenarios come first, then those
    /// of `generate`, made by ``Scenario/generated(from:depth:random:length:seed:)``.
    ///
    /// - Throws: ``FixtureRecordingError`` with the file, line and column of a value your types
    ///   cannot express, or when the file cannot be read or written.
    public func record(scenariosFile: String, to out: String) throws(FixtureRecordingError) {
        let file = try ScenariosFile(contentsOf: scenariosFile)
        var scenarios: [Scenario] = []
        for scenario in file.scenarios {
            let start = try scenario.start.map { value throws(FixtureRecordingError) in
                try file.convert(value, to: "\(State.self)", with: mapping.decodeState)
            }
            var events: [Event] = []
            for event in scenario.events { events.append(try file.convert(event, to: "\(Event.self)", with: mapping.decodeEvent)) }
            scenarios.append(Scenario(scenario.name, events: events, start: start))
        }
        if let generate = file.generate {
            var events: [Event] = []
            for event in generate.events { events.append(try file.convert(event, to: "\(Event.self)", with: mapping.decodeEvent)) }
            scenarios += Scenario.generated(from: events, depth: generate.depth, random: generate.random, length: generate.length, seed: generate.seed)
        }
        let text = try record(name: FileSystem.baseName(out, removingSuffix: ".json"), description: file.description, rules: file.rules, scenarios: scenarios)
        do {
            try FileSystem.write(text, to: out)
        } catch {
            throw FixtureRecordingError("\(out): cannot write the file: \(error.reason)")
        }
    }

    private func encoded<T>(_ item: T, _ encode: (T) throws -> FixtureValue) throws(FixtureRecordingError) -> FixtureValue {
        do {
            return try encode(item)
        } catch {
            let reason = if case EncodingError.invalidValue(_, let context) = error { context.debugDescription } else { "\(error)" }
            throw FixtureRecordingError("cannot record \(item) as a fixture value: \(reason)")
        }
    }

    private func run(_ scenario: Scenario) throws(FixtureRecordingError) -> RecordedScenario {
        typealias Machine = StateMachine<State, Event, SideEffect>
        let machine = makeMachine(scenario.start)
        let observed = RecordedCalls<State, Event, SideEffect>()
        listeners?.sink = { isEnter, state, cause in observed.raw.append(isEnter ? .enter(state, cause) : .exit(state, cause)) }
        defer { listeners?.sink = nil }
        machine.startObserving(observed) { result in
            switch result {
            case .success(let valid): observed.raw.append(.valid(valid.fromState, valid.event, valid.toState, valid.sideEffect))
            case .failure(let invalid as Machine.Transition.Invalid): observed.raw.append(.invalid(invalid.fromState, invalid.event))
            case .failure: break
            }
        }
        defer { machine.stopObserving(observed) }
        var steps: [RecordedStep] = []
        for event in scenario.events {
            let outcome: Outcome
            switch machine.tryTransition(event) {
            case .valid(let valid):
                outcome = .valid(
                    from: try encoded(valid.fromState, mapping.encodeState), to: try encoded(valid.toState, mapping.encodeState),
                    sideEffect: try valid.sideEffect.map { effect throws(FixtureRecordingError) in try encoded(effect, mapping.encodeSideEffect) }
                )
            case .invalid(let invalid):
                outcome = .invalid(from: try encoded(invalid.fromState, mapping.encodeState))
            case .failed(let error):
                let missing = try (error as? Machine.MissingDefinitionError).map { missing throws(FixtureRecordingError) in
                    try encoded(missing.state, mapping.encodeState)
                }
                outcome = TableBuilder.failure(error, missingState: missing, isRecursion: error is Machine.StateMachineError)
            }
            var calls: [Call] = []
            for call in observed.raw { calls.append(try fixtureCall(call)) }
            observed.raw = []
            steps.append(RecordedStep(event: try encoded(event, mapping.encodeEvent), expect: outcome, calls: calls))
        }
        return RecordedScenario(
            name: scenario.name,
            start: try scenario.start.map { start throws(FixtureRecordingError) in try encoded(start, mapping.encodeState) },
            steps: steps,
            finalState: try encoded(machine.state, mapping.encodeState)
        )
    }

    private func fixtureCall(_ call: RecordedCalls<State, Event, SideEffect>.Raw) throws(FixtureRecordingError) -> Call {
        switch call {
        case let .valid(from, event, to, sideEffect):
            .transitionValid(
                from: try encoded(from, mapping.encodeState), event: try encoded(event, mapping.encodeEvent),
                to: try encoded(to, mapping.encodeState),
                sideEffect: try sideEffect.map { effect throws(FixtureRecordingError) in try encoded(effect, mapping.encodeSideEffect) }
            )
        case let .invalid(from, event):
            .transitionInvalid(from: try encoded(from, mapping.encodeState), event: try encoded(event, mapping.encodeEvent))
        case let .enter(state, cause):
            .enter(state: try encoded(state, mapping.encodeState), cause: try encoded(cause, mapping.encodeEvent))
        case let .exit(state, cause):
            .exit(state: try encoded(state, mapping.encodeState), cause: try encoded(cause, mapping.encodeEvent))
        }
    }
}

extension FixtureRecorder where State: Codable, Event: Codable, SideEffect: Encodable {

    /// A recorder of machines made from `definition`, values converted through the types' `Codable`
    /// conformances (``FixtureMapping/codable``).
    public init(_ machineName: String, definition: StateMachine<State, Event, SideEffect>.Definition, listeners: FixtureListenerRecorder<State, Event>? = nil) {
        self.init(machineName, definition: definition, mapping: .codable, listeners: listeners)
    }

    /// A recorder of machines made by `makeMachine`, values converted through the types' `Codable` conformances.
    public init(_ machineName: String, machine makeMachine: @escaping (State?) -> StateMachine<State, Event, SideEffect>, listeners: FixtureListenerRecorder<State, Event>? = nil) {
        self.init(machineName, machine: makeMachine, mapping: .codable, listeners: listeners)
    }
}

/// Why a fixture could not be recorded: one line saying what is wrong, located in the scenarios
/// file when it comes from one (`Record/turnstile.scenarios.json:4:30: scenarios[0].events[1]: …`).
public struct FixtureRecordingError: Error, CustomStringConvertible, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// The calls a machine made while one event was sent, kept as the machine's own values until the
/// step is recorded.
private final class RecordedCalls<State, Event, SideEffect> {
    enum Raw {
        case valid(State, Event, State, SideEffect?)
        case invalid(State, Event)
        case enter(State, Event)
        case exit(State, Event)
    }
    var raw: [Raw] = []
}
