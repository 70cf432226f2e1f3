/// The seeded pseudo-random generator of `java.util.Random`: its documented 48-bit linear congruential
/// generator and `nextInt(bound)`, so that Swift draws, for the same seed, exactly the numbers the Kotlin
/// runtime draws (FIXTURES.md, "Generated scenarios").
struct JavaRandom {
    private static let multiplier: Int64 = 0x5_DEEC_E66D
    private static let mask: Int64 = (1 << 48) - 1
    private var seed: Int64

    init(seed: Int64) {
        self.seed = (seed ^ Self.multiplier) & Self.mask
    }

    /// The next `bits` pseudo-random bits, as `next(int)` of `java.util.Random`.
    private mutating func next(_ bits: Int) -> Int32 {
        seed = (seed &* Self.multiplier &+ 0xB) & Self.mask
        return Int32(truncatingIfNeeded: seed >> (48 - bits))
    }

    /// A number in `0..<bound`, as `nextInt(int bound)` of `java.util.Random`; `bound` is positive.
    mutating func nextInt(_ bound: Int32) -> Int32 {
        precondition(bound > 0, "the bound is positive")
        var r = next(31)
        let m = bound &- 1
        if bound & m == 0 {
            return Int32(truncatingIfNeeded: (Int64(bound) &* Int64(r)) >> 31)
        }
        var u = r
        while true {
            r = u % bound
            if u &- r &+ m >= 0 { return r } // Java's overflow test: retry the top, uneven slice
            u = next(31)
        }
    }
}

/// The event sequences of FIXTURES.md, "Generated scenarios" (the sequences of `port --verify`, VERIFY.md V4):
/// every sequence of one value per case up to `depth` events, then `random` sequences of 1 to `length` events
/// drawn from every value with `JavaRandom(seed)`.
func generatedSequences<T>(_ cases: [[T]], depth: Int, random: Int, length: Int, seed: Int64) -> [[T]] {
    let representatives = cases.compactMap(\.first)
    var exhaustive: [[T]] = []
    var level: [[T]] = [[]]
    for _ in 0..<max(depth, 0) {
        level = level.flatMap { prefix in representatives.map { prefix + [$0] } }
        exhaustive += level
    }
    let every = cases.flatMap { $0 }
    var generator = JavaRandom(seed: seed)
    var drawn: [[T]] = []
    if !every.isEmpty && length > 0 {
        for _ in 0..<max(random, 0) {
            let count = 1 + Int(generator.nextInt(Int32(length)))
            drawn.append((0..<count).map { _ in every[Int(generator.nextInt(Int32(every.count)))] })
        }
    }
    return exhaustive + drawn
}

extension FixtureRecorder.Scenario {
    /// Scenarios generated from `events` as `port --verify` generates its sequences (FIXTURES.md,
    /// "Generated scenarios"): every sequence of the events up to `depth` events long, each event its own
    /// case, then `random` sequences of 1 to `length` events drawn with the seeded generator of
    /// `java.util.Random(seed)`. They are named "generated 1", "generated 2", … in that order, and start in
    /// the machine's initial state. The Kotlin recorder generates the same scenarios from the same values,
    /// so both recordings are byte-identical.
    ///
    /// ```swift
    /// let scenarios = FixtureRecorder<Turnstile.State, Turnstile.Event, Turnstile.SideEffect>.Scenario
    ///     .generated(from: [.insertCoin(value: 50), .admitPerson], depth: 2, random: 3, length: 4, seed: 1)
    /// // 2 + 4 exhaustive scenarios ("generated 1" … "generated 6"), then 3 random ones
    /// ```
    public static func generated(
        from events: [Event], depth: Int = 2, random: Int = 200, length: Int = 8, seed: Int64 = 1
    ) -> [Self] {
        generatedSequences(events.map { [$0] }, depth: depth, random: random, length: length, seed: seed)
            .enumerated().map { index, sequence in Self("generated \(index + 1)", events: sequence) }
    }
}
