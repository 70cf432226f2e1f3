extension StateMachineTypes {

    /// How long a delayed event waits, in nanoseconds: the argument of `after(_:send:)`.
    ///
    /// ```swift
    /// after(.seconds(30), send: .timeout)
    /// after(.milliseconds(250), send: .tick)
    /// ```
    ///
    /// The library's own type rather than Swift's `Duration`, which needs iOS 16 / macOS 13.
    public struct Delay: Hashable, Comparable, Sendable, CustomStringConvertible {

        /// The delay in nanoseconds.
        public let nanoseconds: UInt64

        /// A delay of `nanoseconds` nanoseconds.
        public init(nanoseconds: UInt64) {
            self.nanoseconds = nanoseconds
        }

        /// A delay of `value` nanoseconds.
        public static func nanoseconds(_ value: UInt64) -> Delay {
            Delay(nanoseconds: value)
        }

        /// A delay of `value` milliseconds.
        public static func milliseconds(_ value: UInt64) -> Delay {
            Delay(nanoseconds: value.multipliedReportingOverflow(by: 1_000_000).overflow ? .max : value * 1_000_000)
        }

        /// A delay of `value` seconds.
        public static func seconds(_ value: UInt64) -> Delay {
            Delay(nanoseconds: value.multipliedReportingOverflow(by: 1_000_000_000).overflow ? .max : value * 1_000_000_000)
        }

        public static func < (lhs: Delay, rhs: Delay) -> Bool {
            lhs.nanoseconds < rhs.nanoseconds
        }

        public var description: String {
            "\(nanoseconds) ns"
        }
    }
}
