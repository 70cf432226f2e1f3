// Ported from Kiln.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import Foundation
import StateMachine

enum Kiln: StateMachineBuilder {

    typealias State = KilnState
    typealias Event = KilnEvent
    typealias SideEffect = KilnSideEffect

    enum KilnState: StateMachineHashable, Codable, Equatable {
        case off
        case firing(program: String, until: Date)
        case cooling(program: String, step: Int)

        enum HashableIdentifier: String { case off, firing, cooling }
    }

    enum KilnEvent: StateMachineHashable, Codable, Equatable {
        case fire(program: String, minutes: Int64)
        case tick
        case stop

        enum HashableIdentifier: String { case fire, tick, stop }

        /// The value's text as Kotlin's `toString()` writes it.
        /// Kotlin writes `Tick`, `Stop` (not a data class or data object) as an identity that changes from run
        /// to run (`Tick@1b6d3586`); here, the name.
        var kotlinText: String {
            switch self {
            case let .fire(program, minutes): "Fire(program=\(program), minutes=\(minutes))"
            case .tick: "Tick"
            case .stop: "Stop"
            }
        }
    }

    enum KilnSideEffect: Codable, Equatable {
        case report(text: String, took: Duration?)
        case alarm
    }

    enum Tone: Codable, Hashable, CaseIterable {
        case high, low
    }

    protocol KilnClock {
        func now() -> Date
    }

    protocol Panel {
        func show(_ text: String)
        func beep(_ tone: Tone)
        func steps(_ program: String) -> [String]
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    /// The handlers change some of its properties, as the Kotlin ones change the class's: it is a class.
    protocol Collaborators: AnyObject {
        var queue: [String] { get set }
        var clock: any KilnClock { get }
        var panel: any Panel { get }
        func notify(_ state: KilnState)
    }

    /// A duration in seconds, as `Date.addingTimeInterval(_:)` takes it (Kotlin adds a `java.time.Duration`).
    static func durationSeconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Kotlin's `MutableList.remove(element)`: removes the first element equal to `element`; whether there was one.
    @discardableResult
    static func removeElement<Element: Equatable>(_ element: Element, from list: inout [Element]) -> Bool {
        guard let index = list.firstIndex(of: element) else { return false }
        list.remove(at: index)
        return true
    }

    /// A `java.time.Duration`'s whole seconds as Java counts them: rounded down, so -0.5 s is -1 s.
    static func javaSeconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return attoseconds < 0 ? seconds - 1 : seconds
    }

    /// An `Instant` as Kotlin's `toString()` writes it: ISO 8601 in UTC, a fraction of a second in groups of three digits.
    static func instantText(_ instant: Date) -> String {
        let micros = Int64((instant.timeIntervalSince1970 * 1_000_000).rounded())
        let seconds = (micros >= 0 ? micros : micros - 999_999) / 1_000_000
        let days = (seconds >= 0 ? seconds : seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        // The civil date of the day (years counted from March, so that February ends a year).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        func digits(_ value: Int64, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        var text = digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2) + "T" + digits(time / 3600, 2) + ":"
            + digits(time / 60 % 60, 2) + ":" + digits(time % 60, 2)
        let fraction = micros - seconds * 1_000_000
        if fraction != 0 { text += "." + (fraction % 1000 == 0 ? digits(fraction / 1000, 3) : digits(fraction, 6)) }
        return text + "Z"
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.off)
            state(.off) {
                on(.fire) { _, event in
                    guard case let .fire(program, minutes) = event else { preconditionFailure() }
                    context.queue.append(program)
                    context.queue.append("rest")
                    let next = context.queue.first
                    if let next {
                        context.queue.remove(at: 0)
                        return transition(to: .firing(program: next, until: context.clock.now().addingTimeInterval(durationSeconds(Duration.seconds(minutes * 60)))))
                    } else {
                        return dontTransition()
                    }
                }
            }
            state(.firing) {
                on(.tick) { state in
                    guard case let .firing(program, until) = state else { preconditionFailure() }
                    if (context.clock.now() > until) {
                        return transition(to: .cooling(program: program, step: context.panel.steps(program).count - 1), emit: .report(text: "fired", took: Duration.seconds(1 * 60)))
                    } else {
                        return dontTransition()
                    }
                }
                on(.stop) { state in
                    guard case let .firing(program, _) = state else { preconditionFailure() }
                    removeElement(program, from: &context.queue)
                    context.queue.removeAll()
                    return transition(to: .off, emit: .alarm)
                }
            }
            state(.cooling) {
                on(.tick) { state in
                    guard case let .cooling(program, step) = state else { preconditionFailure() }
                    let tone: Tone
                    switch step {
                    case 0:
                        context.panel.show("cool")
                        tone = Tone.low
                    default:
                        tone = Tone.high
                    }
                    context.panel.beep(tone)
                    if step == 0 {
                        return transition(to: .off)
                    } else {
                        return transition(to: .cooling(program: program, step: step - 1))
                    }
                }
            }
            onTransition { result in
                guard case .success(let valid) = result else {
                    if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = result {
                        context.panel.show("ignored \(invalid.event.kotlinText)")
                    }
                    return
                }
                let sideEffect = valid.sideEffect
                let textValue: String?
                switch sideEffect {
                case let .report(text, took):
                    let firing = valid.fromState
                    guard case let .firing(firingProgram, _) = firing else { preconditionFailure("\(firing) is not a KilnState.Firing (Kotlin's cast throws)") }
                    context.panel.show(firingProgram)
                    textValue = "\(text) in \(took.map { javaSeconds($0) }.map { "\($0)" } ?? "null") s, \(context.panel.steps(firingProgram).count) steps"
                case .alarm:
                    context.panel.beep(Tone.high)
                    textValue = nil
                case nil:
                    textValue = nil
                }
                if let value = textValue {
                    context.panel.show(value)
                }
                let cooling: KilnState? = if case .cooling = valid.toState { valid.toState } else { nil }
                if let cooling {
                    try context.panel.show("step \(cooling.step() as Int)")
                }
                if case let .firing(_, until) = valid.toState {
                    context.panel.show("until \(instantText(until))")
                }
                context.notify(valid.toState)
            }
        }
    }
}
