@StateMachineHashable
enum State { case idle, busy(Int) }
let x = A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<Int>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>()
let y: Dictionary<String, Array<Set<Int>>> = [:]
