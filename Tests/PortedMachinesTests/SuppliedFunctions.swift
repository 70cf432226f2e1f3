import StateMachine

// What a user supplies for the calls the porter keeps by name (its warnings say "the Swift calls … by the same
// name"): without these declarations the ported machines do not compile, at the line of each call. Each one does
// what the Kotlin function of the same name does.

/// `java.lang.Math.floorMod` (CounterWithUnsupportedCall.kt).
func floorMod(_ x: Int, _ y: Int) -> Int {
    let remainder = x % y
    return remainder != 0 && (remainder < 0) != (y < 0) ? remainder + y : remainder
}

extension String {
    /// Kotlin's `String.trim()` (Checkout, Onboarding).
    func trim() -> String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }

    /// Kotlin's `String.take(n)` (Onboarding).
    func take(_ count: Int) -> String { String(prefix(count)) }

    /// Kotlin's `String.removePrefix(prefix)` (Checkout, WebSocketSession): the string without the prefix, if it has it.
    func removePrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }

    /// Kotlin's `String.toIntOrNull()` (Checkout).
    func toIntOrNull() -> Int? { Int(self) }
}

extension Int {
    /// Kotlin's `Int.coerceIn(min, max)` (Camera).
    func coerceIn(_ minimum: Int, _ maximum: Int) -> Int { Swift.min(Swift.max(self, minimum), maximum) }
}

extension Int64 {
    /// Kotlin's `Long.toInt()` (Download).
    func toInt() -> Int { Int(truncatingIfNeeded: self) }
}

extension Float {
    /// Kotlin's `Float.toLong()` (MediaPlayer): towards zero.
    func toLong() -> Int64 { Int64(self) }
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

extension CorpusSubscription.Instant {
    /// `java.time.Instant.plus` and `isAfter` (Subscription): the ported Instant is an empty struct the user fills in;
    /// with no fields, every instant is the same one.
    func plus(_ duration: CorpusSubscription.Duration) -> Self { self }
    func isAfter(_ other: Self) -> Bool { false }
}
