typealias InvalidTransition = Machine.Transition.Invalid
let e = InvalidTransition()
let f = Machine.Transition.Invalid()
