import StateMachine
@testable import StateMachineFixtures

/// The repository's root folder, found from this file's path, so that tests read `Fixtures/`
/// wherever the package is checked out.
let repositoryRoot: String = {
    var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(4)   // Tests/StateMachineFixturesTests/Support/Machines.swift
    return components.joined(separator: "/")
}()

/// A fixture read from a path relative to the repository, and named by that relative path in
/// errors, so that expected messages do not depend on where the repository is.
func loadFixture(_ relativePath: String, backend: FixtureJSON.Backend = .platformDefault) throws(FixtureError) -> Fixture {
    let bytes: [UInt8]
    do {
        bytes = try FileSystem.read(repositoryRoot + "/" + relativePath)
    } catch {
        throw FixtureError(file: relativePath, line: 1, column: 1, path: nil, message: "cannot read the file: \(error.reason)")
    }
    return try Fixture(bytes: bytes, file: relativePath, backend: backend)
}

/// The `*.json` files of a folder of the repository, relative to the repository, in name order.
func fixtureFiles(in folder: String) throws -> [String] {
    try FileSystem.fixtureFiles(at: [repositoryRoot + "/" + folder]).map { String($0.dropFirst(repositoryRoot.count + 1)) }
}

/// Tinder's matter machine (seed 004), written in code with `Codable` enums.
enum Matter: StateMachineBuilder {
    enum State: StateMachineHashable, Codable { case solid, liquid, gas }
    enum Event: StateMachineHashable, Codable { case melt, freeze, vaporize, condense }
    enum SideEffect: Codable { case logMelted, logFrozen, logVaporized, logCondensed }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.solid)
        state(.solid) {
            on(.melt) { transition(to: .liquid, emit: .logMelted) }
        }
        state(.liquid) {
            on(.freeze) { transition(to: .solid, emit: .logFrozen) }
            on(.vaporize) { transition(to: .gas, emit: .logVaporized) }
        }
        state(.gas) {
            on(.condense) { transition(to: .liquid, emit: .logCondensed) }
        }
    }
}

/// Tinder's turnstile (seed 004), written in code with `Codable` enums with payloads.
enum Turnstile: StateMachineBuilder {
    indirect enum State: StateMachineHashable, Codable, Equatable {
        case locked(credit: Int), unlocked, broken(oldState: State)
        enum HashableIdentifier: String { case locked, unlocked, broken }
    }
    enum Event: StateMachineHashable, Codable, Equatable {
        case insertCoin(value: Int), admitPerson, machineDidFail, machineRepairDidComplete
        enum HashableIdentifier: String { case insertCoin, admitPerson, machineDidFail, machineRepairDidComplete }
    }
    enum SideEffect: Codable { case soundAlarm, closeDoors, openDoors, orderRepair }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.locked(credit: 0))
        state(.locked) {
            on(.insertCoin) { locked, coin in
                let credit: Int = try locked.credit() + coin.value()
                return credit >= 50
                    ? transition(to: .unlocked, emit: .openDoors)
                    : transition(to: .locked(credit: credit))
            }
            on(.admitPerson) { dontTransition(emit: .soundAlarm) }
            on(.machineDidFail) { transition(to: .broken(oldState: $0), emit: .orderRepair) }
        }
        state(.unlocked) {
            on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
        }
        state(.broken) {
            on(.machineRepairDidComplete) { broken in transition(to: try broken.oldState()) }
        }
    }
}
