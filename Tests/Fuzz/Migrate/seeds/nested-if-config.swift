@StateMachineHashable
enum State { case idle, busy(Int) }
enum Event {
#if os(iOS)
    #if DEBUG
    case a(Int)
    #else
    case b
    #endif
#endif
}
