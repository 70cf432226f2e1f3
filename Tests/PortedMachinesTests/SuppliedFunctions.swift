import StateMachine

// What a user supplies for the calls the porter keeps by name (its warnings say "the Swift calls … by the same
// name"): without these declarations the ported machines do not compile, at the line of each call. Each one does
// what the Kotlin function of the same name does.

/// `java.lang.Math.floorMod` (CounterWithUnsupportedCall.kt).
func floorMod(_ x: Int, _ y: Int) -> Int {
    let remainder = x % y
    return remainder != 0 && (remainder < 0) != (y < 0) ? remainder + y : remainder
}

extension Array where Element == CorpusGameRound.Card {
    /// `List<Card>.total()` of GameRound/Card.kt: aces count 11, or 1 when 11 would bust.
    func total() -> Int {
        var total = 0
        var aces = 0
        for card in self {
            if card.rank == 1 {
                aces += 1
                total += 11
            } else {
                total += Swift.min(card.rank, 10)
            }
        }
        while total > 21 && aces > 0 {
            total -= 10
            aces -= 1
        }
        return total
    }
}

extension TypeFunctions.Tank {
    /// `Tank.gauge()` of Inputs/TypeFunctions.kt (its `for` loop is not ported): a bar for every ten litres.
    func gauge() -> String { String(repeating: "|", count: litres / 10) }
}

extension String {
    /// Kotlin's `String.substring(start, end)` (DocumentEditor): the UTF-16 code units from `start` up to `end`.
    func substring(_ start: Int, _ end: Int) -> String {
        let units = Array(utf16)
        return String(decoding: units[start..<end], as: UTF16.self)
    }

    /// Kotlin's `String.substring(start)` (DocumentEditor).
    func substring(_ start: Int) -> String { substring(start, utf16.count) }

    /// Kotlin's `String.removeRange(start, end)` (DocumentEditor): the string without the UTF-16 code units from
    /// `start` up to `end`.
    func removeRange(_ start: Int, _ end: Int) -> String { substring(0, start) + substring(end) }
}
