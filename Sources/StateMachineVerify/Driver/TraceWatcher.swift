#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Follows a side's trace file while the side runs: how many sequences it has begun (its `# sequence` lines) and
/// since when the last one runs, for the time limit (Spec/VERIFY.md, V7).
struct TraceWatcher {
    let path: String
    private(set) var sequencesBegun = 0
    /// When the last sequence began, or when the watch began while none has.
    private(set) var since = TraceWatcher.now()
    private var offset: off_t = 0
    private var partial: [UInt8] = []

    /// Starts at the beginning of the file: the sequences earlier runs began count too.
    init(path: String) {
        self.path = path
        update()
        since = Self.now()
    }

    /// Reads what was written since the last update.
    mutating func update() {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        lseek(descriptor, offset, SEEK_SET)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            offset += off_t(count)
            for byte in buffer[..<count] {
                if byte == UInt8(ascii: "\n") {
                    if partial.starts(with: Self.header) {
                        sequencesBegun += 1
                        since = Self.now()
                    }
                    partial.removeAll(keepingCapacity: true)
                } else if partial.count < Self.header.count {
                    partial.append(byte)
                }
            }
        }
    }

    /// Seconds since the last sequence began.
    var elapsed: Double { Self.now() - since }

    /// Whether the file ends with a line end (or is empty): what the driver appends starts a line.
    var endsWithLineEnd: Bool { partial.isEmpty }

    private static let header = Array("# sequence ".utf8)

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
