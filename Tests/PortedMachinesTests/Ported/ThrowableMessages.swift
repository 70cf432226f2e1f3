// Ported from ThrowableMessages.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum HomeAlarm: StateMachineBuilder {

    static let label: String = "home"

    typealias State = AlarmState
    typealias Event = AlarmEvent
    typealias SideEffect = AlarmSideEffect

    enum AlarmState: StateMachineHashable, Codable, Equatable {
        case armed
        case alerting(failure: AlarmFailure)

        enum HashableIdentifier: String { case armed, alerting }
    }

    enum AlarmEvent: StateMachineHashable, Codable, Equatable {
        case offline
        case tamper(zone: Int)
        case reset

        enum HashableIdentifier: String { case offline, tamper, reset }
    }

    enum AlarmSideEffect: Codable, Equatable {
        case show(text: String)
    }

    enum AlarmFailure: Codable, Equatable {
        case sensorOffline
        case tampered(zone: Int)

        /// Kotlin's `message`: what each case passes on to the `Exception` it extends.
        var message: String? {
            switch self {
            case .sensorOffline: "sensor offline"
            case let .tampered(zone): "zone \(zone) tampered"
            }
        }

        /// Written as Kotlin writes a throwable, its case and message (`{"sensorOffline": {"message": …}}`).
        func encode(to encoder: any Encoder) throws {
            let name: String
            switch self {
            case .sensorOffline: name = "sensorOffline"
            case .tampered: name = "tampered"
            }
            var container = encoder.container(keyedBy: ThrowableCodingKey.self)
            var fields = container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: ThrowableCodingKey(name))
            try fields.encode(message, forKey: ThrowableCodingKey("message"))
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ThrowableCodingKey.self)
            switch container.allKeys.first?.stringValue {
            case "sensorOffline": self = .sensorOffline
            default:
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                    debugDescription: "AlarmFailure is made from its message only for a case without fields"))
            }
        }
    }

    /// A key of a throwable as a fixture writes it: its class name, then `message`.
    struct ThrowableCodingKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ stringValue: String) { self.stringValue = stringValue }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.armed)
        state(.armed) {
            on(.offline) {
                transition(to: .alerting(failure: .sensorOffline), emit: .show(text: AlarmFailure.sensorOffline.message ?? label))
            }
            on(.tamper) { _, event in
                guard case let .tamper(zone) = event else { preconditionFailure() }
                let failure = AlarmFailure.tampered(zone: zone)
                return transition(to: .alerting(failure: failure), emit: .show(text: failure.message ?? label))
            }
        }
        state(.alerting) {
            on(.reset) { transition(to: .armed, emit: .show(text: label)) }
        }
    }
}
