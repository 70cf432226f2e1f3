@StateMachineHashable
enum State { case idle, busy(Int) }
/* [[[[[[[[[[[[[[[[
let x = 1
