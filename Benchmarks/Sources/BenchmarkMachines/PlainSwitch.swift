/// The machines as plain functions over a `switch (state, event)`: no class, no lock, no
/// observer list. The floor a library transition is compared with. Not `@inlinable`: the
/// benchmark calls them across modules, once per transition, as it calls the library.
public enum PlainSwitch {

    /// The matter machine; returns the side effect, or nil when `event` is invalid in `state`.
    public static func matter(_ state: inout Matter.State, _ event: Matter.Event) -> Matter.SideEffect? {
        switch (state, event) {
        case (.solid, .melt):
            state = .liquid
            return .logMelted
        case (.liquid, .freeze):
            state = .solid
            return .logFrozen
        case (.liquid, .vaporize):
            state = .gas
            return .logVaporized
        case (.gas, .condense):
            state = .liquid
            return .logCondensed
        default:
            return nil
        }
    }

    /// The turnstile with credit; returns whether `event` was valid, and its side effect.
    public static func turnstile(
        _ state: inout Turnstile.State, _ event: Turnstile.Event
    ) -> (valid: Bool, sideEffect: Turnstile.SideEffect?) {
        switch (state, event) {
        case let (.locked(credit), .insertCoin(value)):
            let newCredit = credit + value
            if newCredit >= Turnstile.farePrice {
                state = .unlocked
                return (true, .openDoors)
            }
            state = .locked(credit: newCredit)
            return (true, nil)
        case (.locked, .admitPerson):
            return (true, .soundAlarm)
        case (.locked, .machineDidFail):
            state = .broken(oldState: state)
            return (true, .orderRepair)
        case (.unlocked, .admitPerson):
            state = .locked(credit: 0)
            return (true, .closeDoors)
        case let (.broken(oldState), .machineRepairDidComplete):
            state = oldState
            return (true, nil)
        default:
            return (false, nil)
        }
    }
}
