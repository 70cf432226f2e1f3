import StateMachine

// What a user supplies for the calls the porter keeps by name (its warnings say "the Swift calls … by the same
// name"): without these declarations the ported machines do not compile, at the line of each call. Each one does
// what the Kotlin function of the same name does.

/// `java.lang.Math.floorMod` (CounterWithUnsupportedCall.kt).
func floorMod(_ x: Int, _ y: Int) -> Int {
    let remainder = x % y
    return remainder != 0 && (remainder < 0) != (y < 0) ? remainder + y : remainder
}

extension Array {
    /// `fun <T> List<T>.second(): T = this[1]` of Inputs/ExtensionFunctions.kt (the porter ports no generic extension).
    func second() -> Element { self[1] }
}
