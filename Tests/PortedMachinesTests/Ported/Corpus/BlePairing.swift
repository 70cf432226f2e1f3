// Ported from BlePairingController.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusBlePairing: StateMachineBuilder {

    static let MIN_RSSI = -80
    static let RSSI_HYSTERESIS = 10
    static let MAX_BOND_ATTEMPTS = 3
    static let DEVICE_PREFIX = "Acme"
    static let UNKNOWN_BATTERY = -1

    typealias State = PairingState
    typealias Event = PairingEvent
    typealias SideEffect = PairingSideEffect

    enum PairingState: StateMachineHashable, Codable, Equatable {
        case idle
        case scanning(startedAtMillis: Int64)
        case deviceFound(address: String, rssi: Int)
        case bonding(address: String, attempt: Int)
        case paired(address: String, batteryPercent: Int)
        case failed(reason: String)

        enum HashableIdentifier: String { case idle, scanning, deviceFound, bonding, paired, failed }
    }

    enum PairingEvent: StateMachineHashable, Codable, Equatable {
        case startScan
        case deviceDiscovered(address: String, name: String, rssi: Int)
        case pair
        case bonded
        case bondFailed(status: Int)
        case batteryLevelRead(percent: Int)
        case linkLost
        case cancel
        case scan
        case bond

        enum HashableIdentifier: String { case startScan, deviceDiscovered, pair, bonded, bondFailed, batteryLevelRead, linkLost, cancel, scan, bond }
    }

    enum PairingSideEffect: Codable, Equatable {
        case startScanning
        case stopScanning
        case createBond(address: String)
        case readBattery(address: String)
        case showError(message: String)
    }

    protocol TimeSource {
        func nowMillis() -> Int64
    }

    protocol PairingLogger {
        func entered(_ state: PairingState, _ cause: PairingEvent)
        func exited(_ state: PairingState, _ cause: PairingEvent)
        func log(_ message: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var timeSource: any TimeSource { get }
        var logger: any PairingLogger { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.startScan) {
                    transition(to: .scanning(startedAtMillis: context.timeSource.nowMillis()), emit: .startScanning)
                }
            }
            state(.scanning) {
                onEnter { state, cause in context.logger.entered(state, cause) }
                onExit { state, cause in context.logger.exited(state, cause) }
                on(.deviceDiscovered, where: { _ in
    // port: not ported, Kotlin line 24: a call on a value `name.startsWith(DEVICE_PREFIX)`
    // on(any<PairingEvent.DeviceDiscovered>().where { rssi >= MIN_RSSI && name.startsWith(DEVICE_PREFIX) }) {
    fatalError("port: BlePairingController.kt:24: a call on a value `name.startsWith(DEVICE_PREFIX)` is not ported")
}) { _, event in
                    try transition(to: .deviceFound(address: (event.address() as String), rssi: (event.rssi() as Int)), emit: .stopScanning)
                }
                on(.deviceDiscovered) { _, event in
                    try context.logger.log("ignoring \((event.name() as String)) (\((event.address() as String))) at \((event.rssi() as Int)) dBm")
                    return dontTransition()
                }
                on(.scan) { transition(to: .failed(reason: "No device found"), emit: .stopScanning) }
                on(.bond) { transition(to: .failed(reason: "No device found"), emit: .stopScanning) }
                on(.eq(.cancel)) { transition(to: .idle, emit: .stopScanning) }
            }
            state(.deviceFound) {
                on(.eq(.pair)) { state in
                    try transition(to: .bonding(address: (state.address() as String), attempt: 1), emit: .createBond(address: (state.address() as String)))
                }
                on(.deviceDiscovered) { state, event in
                    if try (event.address() as String) != (state.address() as String) && (event.rssi() as Int) > (state.rssi() as Int) + RSSI_HYSTERESIS {
                        return try transition(to: .deviceFound(address: (event.address() as String), rssi: (event.rssi() as Int)))
                    } else {
                        return dontTransition()
                    }
                }
                on(.eq(.cancel)) { transition(to: .idle) }
            }
            state(.bonding) {
                onEnter { state, cause in context.logger.entered(state, cause) }
                onExit { state, cause in context.logger.exited(state, cause) }
                on(.eq(.bonded)) { state in
                    try transition(to: .paired(address: (state.address() as String), batteryPercent: UNKNOWN_BATTERY), emit: .readBattery(address: (state.address() as String)))
                }
                on(.bondFailed) { state, event in
                    if try (state.attempt() as Int) < MAX_BOND_ATTEMPTS {
                        return try transition(to: .bonding(address: (state.address() as String), attempt: (state.attempt() as Int) + 1), emit: .createBond(address: (state.address() as String)))
                    } else {
                        let reason = try "Bonding failed with status \((event.status() as Int))"
                        return try transition(to: .failed(reason: reason), emit: .showError(message: "\(reason) after \((state.attempt() as Int)) attempts"))
                    }
                }
                on(.scan) { state, event in
                    switch event {
                    case .bond:
                        if try (state.attempt() as Int) < MAX_BOND_ATTEMPTS {
                            return try transition(to: .bonding(address: (state.address() as String), attempt: (state.attempt() as Int) + 1), emit: .createBond(address: (state.address() as String)))
                        } else {
                            return try transition(to: .failed(reason: "Bonding timed out"), emit: .showError(message: "Bonding timed out after \((state.attempt() as Int)) attempts"))
                        }
                    case .scan:
                        return dontTransition()
                    default:
                        preconditionFailure("the Kotlin when covers every value the subject can have here")
                    }
                }
                on(.bond) { state, event in
                    switch event {
                    case .bond:
                        if try (state.attempt() as Int) < MAX_BOND_ATTEMPTS {
                            return try transition(to: .bonding(address: (state.address() as String), attempt: (state.attempt() as Int) + 1), emit: .createBond(address: (state.address() as String)))
                        } else {
                            return try transition(to: .failed(reason: "Bonding timed out"), emit: .showError(message: "Bonding timed out after \((state.attempt() as Int)) attempts"))
                        }
                    case .scan:
                        return dontTransition()
                    default:
                        preconditionFailure("the Kotlin when covers every value the subject can have here")
                    }
                }
            }
            state(.paired) {
                onEnter { state, cause in context.logger.entered(state, cause) }
                onExit { state, cause in context.logger.exited(state, cause) }
                on(.batteryLevelRead) {
                    // port: not ported, Kotlin line 88: a call on a value `it.percent.coerceIn(0, 100)`
                    // transitionTo(copy(batteryPercent = it.percent.coerceIn(0, 100)))
                    fatalError("port: BlePairingController.kt:88: a call on a value `it.percent.coerceIn(0, 100)` is not ported")
                }
                on(.eq(.linkLost)) { state in
                    try transition(to: .bonding(address: (state.address() as String), attempt: 1), emit: .createBond(address: (state.address() as String)))
                }
            }
            state(.failed) {
                on(.startScan) {
                    transition(to: .scanning(startedAtMillis: context.timeSource.nowMillis()), emit: .startScanning)
                }
            }
            onTransition { _ in
                // port: not ported, Kotlin line 102: the operator ?: in `(transition as? StateMachine.Transition.Valid)?.let { val …`
                // (transition as? StateMachine.Transition.Valid)?.let { valid ->
                //     perform(valid.sideEffect)
                // } ?: logger.log("ignored ${transition.event} in ${transition.fromState}")
                fatalError("port: BlePairingController.kt:102: the operator ?: in `(transition as? StateMachine.Transition.Valid)?.let { val …` is not ported")
            }
        }
    }
}
