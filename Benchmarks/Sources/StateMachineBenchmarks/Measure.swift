import MallocCounter

/// What one round of a scenario costs.
struct Sample {
    var nanosecondsPerTransition: Double
    var allocationsPerTransition: Double
}

/// Runs `body`, which performs `transitions` transitions, and divides the time and the number
/// of heap allocations it took by `transitions`.
func sample(transitions: Int, _ body: () -> Void) -> Sample {
    let allocationsBefore = malloc_counter_allocations()
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    let allocations = malloc_counter_allocations() - allocationsBefore
    let (seconds, attoseconds) = elapsed.components
    let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    return Sample(
        nanosecondsPerTransition: nanoseconds / Double(transitions),
        allocationsPerTransition: Double(allocations) / Double(transitions)
    )
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Keeps a value alive and observable so that the optimizer cannot drop the work producing it.
@inline(never)
func blackHole<T>(_ value: T) {
    withUnsafePointer(to: value) { pointer in
        sink = Int(bitPattern: UnsafeRawPointer(pointer)) & 1 == 0 ? sink : sink &+ 1
    }
}

nonisolated(unsafe) var sink = 0

/// Formats `value` with `decimals` digits after the point, without Foundation.
func format(_ value: Double, decimals: Int = 1) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let fraction = text[text.index(after: dot)...]
        if fraction.count < decimals { text += String(repeating: "0", count: decimals - fraction.count) }
        if decimals == 0 { text = String(text[..<dot]) }
    } else if decimals > 0 {
        text += "." + String(repeating: "0", count: decimals)
    }
    return text
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
