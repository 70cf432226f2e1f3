/// How a code-defined machine's types convert to and from fixture values.
///
/// With `Codable` enums you need none: ``Fixture/check(definition:recorder:)`` uses ``codable``, which goes
/// through Swift's synthesized coding (`case locked(credit: Int)` ↔ `{"locked": {"credit": 30}}`,
/// unlabelled payloads as `_0`, `_1`, …). Otherwise write the conversions:
///
/// ```swift
/// let mapping = FixtureMapping<State, Event, SideEffect>(
///     state: { value in try State(fixture: value) },
///     event: { value in try Event(fixture: value) },
///     stateValue: { FixtureValue("\($0)") },
///     eventValue: { FixtureValue("\($0)") },
///     sideEffectValue: { FixtureValue("\($0)") }
/// )
/// ```
public struct FixtureMapping<State, Event, SideEffect> {
    let decodeState: (FixtureValue) throws -> State
    let decodeEvent: (FixtureValue) throws -> Event
    let encodeState: (State) throws -> FixtureValue
    let encodeEvent: (Event) throws -> FixtureValue
    let encodeSideEffect: (SideEffect) throws -> FixtureValue

    /// - Parameters:
    ///   - state: makes a state from a fixture value (a scenario's `start`); throw to reject it.
    ///   - event: makes an event from a fixture value (a step's `event`); throw to reject it.
    ///   - stateValue: the fixture value of a state the machine reached.
    ///   - eventValue: the fixture value of an event, as listeners see it.
    ///   - sideEffectValue: the fixture value of an emitted side effect.
    public init(
        state: @escaping (FixtureValue) throws -> State,
        event: @escaping (FixtureValue) throws -> Event,
        stateValue: @escaping (State) throws -> FixtureValue,
        eventValue: @escaping (Event) throws -> FixtureValue,
        sideEffectValue: @escaping (SideEffect) throws -> FixtureValue
    ) {
        decodeState = state
        decodeEvent = event
        encodeState = stateValue
        encodeEvent = eventValue
        encodeSideEffect = sideEffectValue
    }
}

extension FixtureMapping where State: Codable, Event: Codable, SideEffect: Encodable {

    /// The mapping through the types' `Codable` conformances.
    public static var codable: FixtureMapping {
        FixtureMapping(
            state: { value in try FixtureValueDecoder.decode(State.self, from: value) },
            event: { value in try FixtureValueDecoder.decode(Event.self, from: value) },
            stateValue: { state in try FixtureValueEncoder.encode(state) },
            eventValue: { event in try FixtureValueEncoder.encode(event) },
            sideEffectValue: { sideEffect in try FixtureValueEncoder.encode(sideEffect) }
        )
    }
}
