// Ported from SideEffectCommands.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum BluetoothDeviceManager: StateMachineBuilder {

    static let maxAttempts = 3

    typealias State = DeviceState
    typealias Event = ConnectionEvent
    typealias SideEffect = DeviceSideEffect

    enum DeviceState: StateMachineHashable, Codable, Equatable {
        case unknown
        case disconnected
        case connecting(address: String, attempt: Int)
        case connected(address: String)

        enum HashableIdentifier: String { case unknown, disconnected, connecting, connected }

        /// The value's text as Kotlin's `toString()` writes it.
        /// Kotlin writes `Unknown`, `Disconnected` (not a data class or data object) as an identity that
        /// changes from run to run (`Unknown@1b6d3586`); here, the name.
        var kotlinText: String {
            switch self {
            case .unknown: "Unknown"
            case .disconnected: "Disconnected"
            case let .connecting(address, attempt): "Connecting(address=\(address), attempt=\(attempt))"
            case let .connected(address): "Connected(address=\(address))"
            }
        }
    }

    enum ConnectionEvent: StateMachineHashable, Codable, Equatable {
        case connect(address: String)
        case disconnect
        case linkUp
        case linkLost(reason: Int)

        enum HashableIdentifier: String { case connect, disconnect, linkUp, linkLost }

        /// The value's text as Kotlin's `toString()` writes it.
        /// Kotlin writes `Disconnect`, `LinkUp` (not a data class or data object) as an identity that changes
        /// from run to run (`Disconnect@1b6d3586`); here, the name.
        var kotlinText: String {
            switch self {
            case let .connect(address): "Connect(address=\(address))"
            case .disconnect: "Disconnect"
            case .linkUp: "LinkUp"
            case let .linkLost(reason): "LinkLost(reason=\(reason))"
            }
        }
    }

    enum DeviceSideEffect: Codable, Equatable {
        case logConnected
        case retry(delayMillis: Int64)

        func execute(_ transition: StateMachine<State, Event, SideEffect>.Transition.Valid) {
            switch self {
            case .logConnected:
                debugLog("connected after \(transition.fromState.kotlinText)")
            case let .retry(delayMillis):
                debugLog("retry in \(delayMillis) ms because of \(transition.event.kotlinText)")
            }
        }
    }

    /// Kotlin's `debugLog` of SideEffectCommands.kt, ported.
    private static func debugLog(_ message: String) {
        print("[ble] \(message)")
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.unknown)
        state(.unknown) {
            onEnter { _, _ in debugLog("enter unknown") }
            onExit { _, _ in debugLog("exit unknown") }
            on(.connect) { _, commandEvent in
                debugLog("command: \(commandEvent.kotlinText)")
                switch commandEvent {
                case let .connect(address):
                    return transition(to: .connecting(address: address, attempt: 1))
                case .disconnect:
                    return transition(to: .disconnected)
                default:
                    preconditionFailure("the Kotlin when covers every value the subject can have here")
                }
            }
            on(.disconnect) { _, commandEvent in
                debugLog("command: \(commandEvent.kotlinText)")
                switch commandEvent {
                case let .connect(address):
                    return transition(to: .connecting(address: address, attempt: 1))
                case .disconnect:
                    return transition(to: .disconnected)
                default:
                    preconditionFailure("the Kotlin when covers every value the subject can have here")
                }
            }
        }
        state(.disconnected) {
            on(.connect) { _, event in
                guard case let .connect(address) = event else { preconditionFailure() }
                return transition(to: .connecting(address: address, attempt: 1))
            }
        }
        state(.connecting) {
            on(.linkUp) { state in
                guard case let .connecting(address, _) = state else { preconditionFailure() }
                return transition(to: .connected(address: address), emit: .logConnected)
            }
            on(.linkLost) { state, event in
                guard case let .connecting(address, attempt) = state else { preconditionFailure() }
                guard case let .linkLost(reason) = event else { preconditionFailure() }
                if attempt >= maxAttempts {
                    return transition(to: .disconnected)
                } else {
                    return transition(to: .connecting(address: address, attempt: attempt + 1), emit: .retry(delayMillis: 250 * Int64(attempt) + Int64(reason)))
                }
            }
            on(.disconnect) { transition(to: .disconnected) }
        }
        state(.connected) {
            on(.linkLost) { state in
                guard case let .connected(address) = state else { preconditionFailure() }
                return transition(to: .connecting(address: address, attempt: 1))
            }
            on(.disconnect) { transition(to: .disconnected) }
        }
        onTransition { result in
            guard case .success(let validTransition) = result else { return }
            validTransition.sideEffect?.execute(validTransition)
        }
    }
}
