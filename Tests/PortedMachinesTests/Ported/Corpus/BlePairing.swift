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

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .idle: "Idle"
            case let .scanning(startedAtMillis): "Scanning(startedAtMillis=\(startedAtMillis))"
            case let .deviceFound(address, rssi): "DeviceFound(address=\(address), rssi=\(rssi))"
            case let .bonding(address, attempt): "Bonding(address=\(address), attempt=\(attempt))"
            case let .paired(address, batteryPercent): "Paired(address=\(address), batteryPercent=\(batteryPercent))"
            case let .failed(reason): "Failed(reason=\(reason))"
            }
        }
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

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .startScan: "StartScan"
            case let .deviceDiscovered(address, name, rssi): "DeviceDiscovered(address=\(address), name=\(name), rssi=\(rssi))"
            case .pair: "Pair"
            case .bonded: "Bonded"
            case let .bondFailed(status): "BondFailed(status=\(status))"
            case let .batteryLevelRead(percent): "BatteryLevelRead(percent=\(percent))"
            case .linkLost: "LinkLost"
            case .cancel: "Cancel"
            case .scan: "Scan"
            case .bond: "Bond"
            }
        }
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

    protocol BleScanner {
        func startScan()
        func stopScan()
    }

    protocol BondManager {
        func createBond(_ address: String)
        func readBatteryLevel(_ address: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var timeSource: any TimeSource { get }
        var logger: any PairingLogger { get }
        var scanner: any BleScanner { get }
        var bondManager: any BondManager { get }
    }

    /// Kotlin's `BlePairingController.perform`, ported: it reads the class's properties on `context`.
    private static func perform(_ context: some Collaborators, _ sideEffect: PairingSideEffect?) {
        switch sideEffect {
        case .startScanning:
            context.scanner.startScan()
        case .stopScanning:
            context.scanner.stopScan()
        case let .createBond(address):
            context.bondManager.createBond(address)
        case let .readBattery(address):
            context.bondManager.readBatteryLevel(address)
        case let .showError(message):
            context.logger.log(message)
        case nil:
            break
        }
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
                on(.deviceDiscovered, where: { event in
                    guard case let .deviceDiscovered(_, name, rssi) = event else { preconditionFailure() }
                    return rssi >= MIN_RSSI && name.hasPrefix(DEVICE_PREFIX)
                }) { _, event in
                    guard case let .deviceDiscovered(address, _, rssi) = event else { preconditionFailure() }
                    return transition(to: .deviceFound(address: address, rssi: rssi), emit: .stopScanning)
                }
                on(.deviceDiscovered) { _, event in
                    guard case let .deviceDiscovered(address, name, rssi) = event else { preconditionFailure() }
                    context.logger.log("ignoring \(name) (\(address)) at \(rssi) dBm")
                    return dontTransition()
                }
                on(.scan) { transition(to: .failed(reason: "No device found"), emit: .stopScanning) }
                on(.bond) { transition(to: .failed(reason: "No device found"), emit: .stopScanning) }
                on(.eq(.cancel)) { transition(to: .idle, emit: .stopScanning) }
            }
            state(.deviceFound) {
                on(.eq(.pair)) { state in
                    guard case let .deviceFound(address, _) = state else { preconditionFailure() }
                    return transition(to: .bonding(address: address, attempt: 1), emit: .createBond(address: address))
                }
                on(.deviceDiscovered) { state, event in
                    guard case let .deviceFound(address, rssi) = state else { preconditionFailure() }
                    guard case let .deviceDiscovered(eventAddress, _, eventRssi) = event else { preconditionFailure() }
                    if eventAddress != address && eventRssi > rssi + RSSI_HYSTERESIS {
                        return transition(to: .deviceFound(address: eventAddress, rssi: eventRssi))
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
                    guard case let .bonding(address, _) = state else { preconditionFailure() }
                    return transition(to: .paired(address: address, batteryPercent: UNKNOWN_BATTERY), emit: .readBattery(address: address))
                }
                on(.bondFailed) { state, event in
                    guard case let .bonding(address, attempt) = state else { preconditionFailure() }
                    guard case let .bondFailed(status) = event else { preconditionFailure() }
                    if attempt < MAX_BOND_ATTEMPTS {
                        return transition(to: .bonding(address: address, attempt: attempt + 1), emit: .createBond(address: address))
                    } else {
                        let reason = "Bonding failed with status \(status)"
                        return transition(to: .failed(reason: reason), emit: .showError(message: "\(reason) after \(attempt) attempts"))
                    }
                }
                on(.scan) { state, event in
                    guard case let .bonding(address, attempt) = state else { preconditionFailure() }
                    switch event {
                    case .bond:
                        if attempt < MAX_BOND_ATTEMPTS {
                            return transition(to: .bonding(address: address, attempt: attempt + 1), emit: .createBond(address: address))
                        } else {
                            return transition(to: .failed(reason: "Bonding timed out"), emit: .showError(message: "Bonding timed out after \(attempt) attempts"))
                        }
                    case .scan:
                        return dontTransition()
                    default:
                        preconditionFailure("the Kotlin when covers every value the subject can have here")
                    }
                }
                on(.bond) { state, event in
                    guard case let .bonding(address, attempt) = state else { preconditionFailure() }
                    switch event {
                    case .bond:
                        if attempt < MAX_BOND_ATTEMPTS {
                            return transition(to: .bonding(address: address, attempt: attempt + 1), emit: .createBond(address: address))
                        } else {
                            return transition(to: .failed(reason: "Bonding timed out"), emit: .showError(message: "Bonding timed out after \(attempt) attempts"))
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
                on(.batteryLevelRead) { state, event in
                    guard case let .paired(address, _) = state else { preconditionFailure() }
                    guard case let .batteryLevelRead(percent) = event else { preconditionFailure() }
                    return transition(to: .paired(address: address, batteryPercent: min(max(percent, 0), 100)))
                }
                on(.eq(.linkLost)) { state in
                    guard case let .paired(address, _) = state else { preconditionFailure() }
                    return transition(to: .bonding(address: address, attempt: 1), emit: .createBond(address: address))
                }
            }
            state(.failed) {
                on(.startScan) {
                    transition(to: .scanning(startedAtMillis: context.timeSource.nowMillis()), emit: .startScanning)
                }
            }
            onTransition { transition in
                if case .success(let valid) = transition {
                    perform(context, valid.sideEffect)
                } else if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = transition {
                    context.logger.log("ignored \(invalid.event.kotlinText) in \(invalid.fromState.kotlinText)")
                }
            }
        }
    }
}
