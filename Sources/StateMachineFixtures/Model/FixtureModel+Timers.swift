/// A delayed event of a state definition (format 2, R18): `{"delay": 30000, "send": "timeout"}`.
struct TimerTable: Sendable {
    /// The delay in milliseconds, 0 or more.
    let milliseconds: Int64
    /// The event the timer sends when it fires.
    let event: FixtureValue
}
