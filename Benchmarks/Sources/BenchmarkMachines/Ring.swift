import StateMachine

/// A ring of numbered stations, each going to the next (the last one back to 0), for what a
/// transition costs in a large definition's table: with one event shared by every station the
/// table is dense; with an event of its own per station it is sparse (a dense one would hold
/// stations² cells).
public enum Ring: StateMachineBuilder {

    public struct State: StateMachineHashable, Sendable {
        public let number: Int
        public init(number: Int) { self.number = number }
        public var hashableIdentifier: Int { number }
        public var associatedValue: Any { number }
    }
    public struct Event: StateMachineHashable, Sendable {
        public let number: Int
        public init(number: Int) { self.number = number }
        public var hashableIdentifier: Int { number }
        public var associatedValue: Any { number }
    }
    public typealias SideEffect = Int
    public typealias Definition = StateMachine<State, Event, SideEffect>.Definition

    /// The stations of the benchmarks.
    public static let stations = 10_000
    /// The benchmarks' rings, built on first use: one shared event (a dense table), an event
    /// per station (a sparse table).
    public static let sharedEvent = definition(stations: stations, shared: true)
    public static let ownEvents = definition(stations: stations, shared: false)

    /// A ring of `count` stations: station `n` handles signal `n` (`shared`: signal 0) by
    /// going to the next, with its number as side effect.
    public static func definition(stations count: Int, shared: Bool) -> Definition {
        let components: [Component] = (0..<count).map { number in
            let next = State(number: (number + 1) % count)
            return state(number) {
                on(shared ? 0 : number) { transition(to: next, emit: number) }
            }
        }
        let empty = Definition { initialState(State(number: 0)) }
        return StateMachine(definition: empty).with { return components }.definition
    }
}

/// The ring written by hand: the station in a property, a method that checks the event.
public final class HandWrittenRing {

    public private(set) var station = 0
    private let count: Int
    private let shared: Bool

    public init(stations count: Int, shared: Bool) {
        self.count = count
        self.shared = shared
    }

    /// The side effect of a valid transition; nil when `event` is invalid at the station.
    @inline(never)
    public func transition(_ event: Ring.Event) -> Int? {
        guard event.number == (shared ? 0 : station) else { return nil }
        let from = station
        station = from + 1 == count ? 0 : from + 1
        return from
    }
}

extension PlainSwitch {

    /// The ring; returns the side effect, or nil when `event` is invalid at `station`.
    public static func ring(_ station: inout Int, _ event: Ring.Event, stations count: Int, shared: Bool) -> Int? {
        guard event.number == (shared ? 0 : station) else { return nil }
        let from = station
        station = from + 1 == count ? 0 : from + 1
        return from
    }
}
