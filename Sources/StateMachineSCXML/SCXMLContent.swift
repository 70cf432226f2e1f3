/// A block of executable content (an `<onentry>`, an `<onexit>`, a `<transition>`'s), read once:
/// what it raises, sends to the external queue and sends after a delay, with each `<if>` kept as
/// its branches, whose `In()` conditions are evaluated where the block runs (SCXMLCondition).
/// `<log>` has no effect on the machine and is not kept.
indirect enum SCXMLContent: Sendable {
    case raise(String)
    case post(String)
    case delayed(SCXMLDocument.DelayedSend)
    /// An `<if>`: its branches in order, the first whose condition holds (nil: `<else>`) runs.
    case choice([Branch], line: Int, column: Int)

    struct Branch: Sendable {
        /// The `cond` of the `<if>` or `<elseif>`; nil for `<else>`.
        let condition: String?
        let line: Int
        let column: Int
        let content: [SCXMLContent]
    }

    /// What a block does when the states `active` are the configuration: the events it raises,
    /// those it posts and its delayed sends, in document order. With `active` nil (where the
    /// configuration is not one known answer) an `<if>` is the error `unknown`.
    static func run(_ content: [SCXMLContent], active: Set<String>?, unknown: (Int, Int) -> SCXMLError) throws(SCXMLError)
        -> (raised: [String], posted: [String], delayed: [SCXMLDocument.DelayedSend]) {
        var raised: [String] = []
        var posted: [String] = []
        var delayed: [SCXMLDocument.DelayedSend] = []
        func add(_ items: [SCXMLContent]) throws(SCXMLError) {
            for item in items {
                switch item {
                case .raise(let event): raised.append(event)
                case .post(let event): posted.append(event)
                case .delayed(let send): delayed.append(send)
                case .choice(let branches, let line, let column):
                    guard let active else { throw unknown(line, column) }
                    // Conditions were checked to be in the subset when read, so each has a value.
                    if let branch = branches.first(where: { $0.condition.map { SCXMLCondition.evaluate($0, active: active) == true } ?? true }) {
                        try add(branch.content)
                    }
                }
            }
        }
        try add(content)
        return (raised, posted, delayed)
    }

    /// Every event the block may raise, post or send, in every branch, in document order.
    static func events(in content: [SCXMLContent]) -> [String] {
        content.flatMap { item -> [String] in
            switch item {
            case .raise(let event), .post(let event): return [event]
            case .delayed(let send): return [send.event]
            case .choice(let branches, _, _): return branches.flatMap { events(in: $0.content) }
            }
        }
    }
}
