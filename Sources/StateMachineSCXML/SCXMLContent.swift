/// A block of executable content (an `<onentry>`, an `<onexit>`, a `<transition>`'s), read once:
/// what it raises, sends to the external queue and sends after a delay, with each `<if>` kept as
/// its branches, whose `In()` conditions are evaluated where the block runs (SCXMLCondition).
/// `<log>` has no effect on the machine and is not kept.
indirect enum SCXMLContent: Sendable {
    case raise(String)
    case post(String)
    case delayed(SCXMLDocument.DelayedSend)
    /// An `<assign location expr>`.
    case assign(String, SCXMLExpression, line: Int, column: Int)
    /// An `<if>`: its branches in order, the first whose condition holds (nil: `<else>`) runs.
    case choice([Branch], line: Int, column: Int)

    struct Branch: Sendable {
        /// The `cond` of the `<if>` or `<elseif>`; nil for `<else>`.
        let condition: SCXMLExpression?
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
                case .assign(_, _, let line, let column):
                    throw unknown(line, column)
                case .choice(let branches, let line, let column):
                    guard let active else { throw unknown(line, column) }
                    var chosen: [SCXMLContent]?
                    for branch in branches {
                        guard let condition = branch.condition else { chosen = branch.content; break }
                        guard case .bool(let holds)? = try? condition.resolved(active: active, values: [:], kinds: [:]) else {
                            throw unknown(branch.line, branch.column)
                        }
                        if holds { chosen = branch.content; break }
                    }
                    if let chosen { try add(chosen) }
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
            case .assign: return []
            case .choice(let branches, _, _): return branches.flatMap { events(in: $0.content) }
            }
        }
    }
}

extension SCXMLExpression {
    /// An integer or a boolean.
    var isLiteral: Bool {
        switch self {
        case .int, .bool: return true
        default: return false
        }
    }

    /// Whether it reads a variable.
    var readsData: Bool {
        switch self {
        case .variable, .field: return true
        case .int, .bool, .inState: return false
        case .negate(let operand), .not(let operand): return operand.readsData
        case .binary(_, let left, let right): return left.readsData || right.readsData
        }
    }
}

extension [SCXMLContent] {
    /// Whether the content assigns or tests a variable.
    var usesData: Bool {
        contains { item in
            switch item {
            case .raise, .post, .delayed: return false
            case .assign: return true
            case .choice(let branches, _, _): return branches.contains { $0.condition?.readsData == true || $0.content.usesData }
            }
        }
    }
}
