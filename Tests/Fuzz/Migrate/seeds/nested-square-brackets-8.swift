@StateMachineHashable
enum State { case idle, busy(Int) }
let x: [[[[[[[[Int]]]]]]]]
let y = [([([([([([([([()])])])])])])])]
