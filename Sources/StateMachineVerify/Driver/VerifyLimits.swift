/// The limits each side of a verification runs within (Spec/VERIFY.md, V7).
package struct VerifyLimits: Sendable {
    /// Seconds each sequence may take, counted from its `# sequence` line.
    package var secondsPerSequence: Double = 10
    /// Mebibytes of memory: the JVM's heap, half the Swift harness's address space.
    package var memoryMiB: Int = 2048
    /// Bytes each file the Swift harness writes may hold.
    package var fileBytes: Int64 = 64 << 20

    package init() {}

    /// Seconds a side may take before its first sequence begins.
    var secondsToStart: Double { max(60, secondsPerSequence) }
}
