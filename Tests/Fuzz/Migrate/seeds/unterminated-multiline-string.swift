@StateMachineHashable
enum State { case idle, busy(Int) }
let s = """
[[[[[[[[[[[[[[[[[[
