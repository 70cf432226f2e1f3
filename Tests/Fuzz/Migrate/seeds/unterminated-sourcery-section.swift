enum State: AutoStateMachineHashable { case a(Int) }
// sourcery:inline:State.AutoStateMachineHashable
extension State {
