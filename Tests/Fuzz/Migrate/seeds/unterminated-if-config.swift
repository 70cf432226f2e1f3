@StateMachineHashable
enum State { case idle, busy(Int) }
#if A
enum Event { case a(Int) }
