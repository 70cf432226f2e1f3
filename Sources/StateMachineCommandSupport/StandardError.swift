#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard error as a `TextOutputStream`.
public struct StandardError: TextOutputStream {
    public init() {}

    public mutating func write(_ text: String) {
        #if canImport(Glibc)
        _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
        #else
        _ = text.withCString { Darwin.write(2, $0, strlen($0)) }
        #endif
    }
}
