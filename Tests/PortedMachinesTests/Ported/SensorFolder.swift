// Ported from StateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum StateMachineMachine: StateMachineBuilder {

    static let MAX_SAMPLES: Int64 = 100
    static let NO_READING: Reading? = nil

    typealias State = SensorState
    typealias Event = SensorEvent

    indirect enum SensorState: StateMachineHashable, Equatable {
        case idle
        case sampling(id: SensorId, samples: [Reading], count: Int64, gain: Float, tags: Set<String>, limits: [String: Double], grade: Character?)
        case failed(error: Throwable, previous: SensorState)

        enum HashableIdentifier: String { case idle, sampling, failed }
    }

    enum SensorEvent: StateMachineHashable, Codable, Equatable {
        case start(id: SensorId)
        case sample(reading: Reading)
        case read
        case write
        case stop

        enum HashableIdentifier: String { case start, sample, read, write, stop }
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    struct SensorId: Codable, Equatable {
        var raw: String
    }

    struct Reading: Codable, Equatable {
        var value: Double
        var unit: Unit2
        var takenAt: Instant?
    }

    enum Unit2: String, Codable, Hashable, CaseIterable {
        case celsius = "CELSIUS", fahrenheit = "FAHRENHEIT"
    }

    /// port: Instant is not ported; give it the fields the machine needs.
    struct Instant: Codable, Equatable {}

    /// port: Throwable is not ported; give it the fields the machine needs.
    struct Throwable: Codable, Equatable {}

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.idle)
        state(.idle) {
            on(.start) { _, event in
                try transition(to: .sampling(id: (event.id() as SensorId), samples: [], count: 0, gain: 1.5, tags: [], limits: [:], grade: nil), emit: .unit)
            }
        }
        state(.sampling) {
            on(.sample) { state in
                try transition(to: .sampling(id: (state.id() as SensorId), samples: (state.samples() as [Reading]), count: (state.count() as Int64) + 1, gain: (state.gain() as Float), tags: (state.tags() as Set<String>), limits: (state.limits() as [String: Double]), grade: (state.grade() as Character?)))
            }
            on(.read) { transition(to: .idle) }
            on(.write) { transition(to: .idle) }
            on(.stop) { transition(to: .idle, emit: .unit) }
        }
    }
}
