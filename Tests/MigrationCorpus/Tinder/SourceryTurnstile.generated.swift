// Generated using Sourcery 2.2.5 — https://github.com/krzysztofzablocki/Sourcery
// DO NOT EDIT
import StateMachine

extension SourceryTurnstileTests.State: StateMachineHashable {

    internal enum HashableIdentifier {
        case locked
        case unlocked
        case broken
    }

    internal var hashableIdentifier: HashableIdentifier {
        switch self {
        case .locked:
            return .locked
        case .unlocked:
            return .unlocked
        case .broken:
            return .broken
        }
    }

    internal var associatedValue: Any {
        switch self {
        case let .locked(value):
            return value
        case .unlocked:
            return ()
        case let .broken(value):
            return value
        }
    }
}

extension SourceryTurnstileTests.Event: StateMachineHashable {

    internal enum HashableIdentifier {
        case insertCoin
        case admitPerson
        case machineDidFail
        case machineRepairDidComplete
    }

    internal var hashableIdentifier: HashableIdentifier {
        switch self {
        case .insertCoin:
            return .insertCoin
        case .admitPerson:
            return .admitPerson
        case .machineDidFail:
            return .machineDidFail
        case .machineRepairDidComplete:
            return .machineRepairDidComplete
        }
    }

    internal var associatedValue: Any {
        switch self {
        case let .insertCoin(value):
            return value
        case .admitPerson:
            return ()
        case .machineDidFail:
            return ()
        case .machineRepairDidComplete:
            return ()
        }
    }
}
