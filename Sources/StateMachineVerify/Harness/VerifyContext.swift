import StateMachineFixtures

/// What the port's owner gives during a verification: the values the Kotlin owner's properties had, the results its
/// functions gave (the port leaves them to the owner), and a record of every call its stubs take.
public final class VerifyContext {
    nonisolated(unsafe) static var current: VerifyContext?

    var calls: [String] = []
    /// How many answers each stub function has given in this sequence, by its name in the trace (`clock.now`).
    private var answers: [String: Int] = [:]
    private let properties: [String: FixtureValue.Field]
    private let results: [String: FixtureValue.Field]
    /// The calls whose results the Swift owner cannot give (why, by call): the sequence stops there, on both sides.
    private let unknownResults: [String: String]
    /// The results of calls whose results differed with the same arguments, by sequence and call, in the order the Kotlin
    /// had them: the n-th call in a sequence gets the n-th one.
    private let orderedResults: [Int: [String: [FixtureValue.Field]]]
    /// The sequence being sent (from 1), and how many calls of each of its ordered results have been answered.
    private var sequence = 0
    private var orderedAnswers: [String: Int] = [:]
    private let trace: VerifyTraceFile

    /// Reads `context` (`[["property", name, value], ["result", name, [argument texts], result], ["unknown", name,
    /// [argument texts], why], …]`): each argument of a result is the text the trace writes for it, `?` for a value
    /// without a form in the fixture format; an unknown result is one the Kotlin gave that the context cannot carry.
    init(_ context: FixtureValue.Field, trace: VerifyTraceFile) {
        var properties: [String: FixtureValue.Field] = [:]
        var results: [String: FixtureValue.Field] = [:]
        var unknownResults: [String: String] = [:]
        var orderedResults: [Int: [String: [FixtureValue.Field]]] = [:]
        if case .list(let entries) = context {
            for entry in entries {
                if case .list(let parts) = entry, case .string("results")? = parts.first, parts.count == 5,
                   case .int(let sequence) = parts[1], case .string(let name) = parts[2], case .list(let arguments) = parts[3],
                   case .list(let inOrder) = parts[4] {
                    orderedResults[Int(sequence), default: [:]][Self.key(name, Self.texts(arguments))] = inOrder
                    continue
                }
                guard case .list(let parts) = entry, case .string(let kind)? = parts.first, parts.count >= 3,
                      case .string(let name) = parts[1] else { continue }
                if kind == "property" {
                    properties[name] = parts[2]
                } else if kind == "result" || kind == "unknown", parts.count == 4, case .list(let arguments) = parts[2] {
                    let texts = Self.texts(arguments)
                    if kind == "result" {
                        results[Self.key(name, texts)] = parts[3]
                    } else if case .string(let why) = parts[3] {
                        unknownResults[Self.key(name, texts)] = why
                    }
                }
            }
        }
        self.properties = properties
        self.results = results
        self.orderedResults = orderedResults
        self.unknownResults = unknownResults
        self.trace = trace
    }

    private static func texts(_ arguments: [FixtureValue.Field]) -> [String] {
        arguments.map { argument in
            if case .string(let text) = argument { text } else { argument.description }
        }
    }

    private static func key(_ name: String, _ arguments: [String]) -> String {
        "\(name)(\(arguments.joined(separator: ", ")))"
    }

    /// A stub's call: `logger.d("TAG", "text")`.
    public func call(_ receiver: String, _ arguments: [String]) {
        calls.append("call \(Self.key(receiver, arguments))")
    }

    /// Which answer of the stub function `name` (`clock.now`) this is in the sequence, from 0: the n-th answer of a
    /// platform type is made from n by ``VerifyPlatformAnswers``, as the Kotlin stubs make theirs.
    public func nextAnswer(_ name: String) -> Int {
        let answer = answers[name, default: 0]
        answers[name] = answer + 1
        return answer
    }

    /// Starts sequence `number` (from 1): its ordered results are answered from the first.
    func startSequence(_ number: Int) {
        sequence = number
        orderedAnswers.removeAll()
    }

    /// Starts the count of answers again (each sequence, and once its machine is made).
    func restartAnswers() {
        answers.removeAll()
    }

    /// The field `field` of the object the Kotlin owner's property `name` held (`{"pinPad":{"length":4}}`): what a
    /// helper class of the port is made with, one constructor property at a time.
    public func property<T: Decodable>(_ name: String, field: String) -> T {
        guard let object = properties[name] else {
            verifyStop("the Kotlin owner's \(name) could not be read")
        }
        guard case .value(let value) = object, let fieldValue = value.fields[field] else {
            verifyStop("the Kotlin owner's \(name), \(object), has no field \(field)")
        }
        do {
            return try FixtureValueCoding.decode(T.self, from: fieldValue)
        } catch {
            verifyStop("the Kotlin owner's \(name).\(field), \(fieldValue), is not a \(T.self): \(error)")
        }
    }

    /// The value the Kotlin owner's property `name` had, of a type the owner supplies: the value as the Kotlin runner
    /// wrote it, or one without a form where it wrote none (a stand-in's value, which its trace writes `?`).
    /// `object`: the property stands for an object of a file not given (`FailedToJoinCall`), which the Kotlin runner
    /// writes as a case without fields named after it (`{"failedToJoinCall":{}}`), the form the value has where the
    /// Kotlin owner's property was not written.
    public func opaqueProperty(_ name: String, object: String? = nil) -> FixtureOpaqueValue {
        if let field = properties[name] { return FixtureOpaqueValue(field) }
        return object.map { FixtureOpaqueValue(.value(FixtureValue($0))) } ?? .unwritten
    }

    /// The value the Kotlin owner's property `name` had.
    public func property<T: Decodable>(_ name: String) -> T {
        guard let field = properties[name] else {
            verifyStop("the Kotlin owner's \(name) could not be read")
        }
        do {
            return try FixtureValueCoding.decode(T.self, from: field)
        } catch {
            verifyStop("the Kotlin owner's \(name), \(field), is not a \(T.self): \(error)")
        }
    }

    /// The result the Kotlin function `name` gave for these arguments; the call is compared as the Kotlin's is.
    public func result<T: Decodable>(_ name: String, _ arguments: [String], as type: T.Type) -> T {
        stopIfUnknown(name, arguments)
        let key = Self.key(name, arguments)
        let ordered = orderedResults[sequence]?[key]
        let answered = orderedAnswers[key, default: 0]
        if ordered != nil { orderedAnswers[key] = answered + 1 }
        guard let field = ordered.map({ answered < $0.count ? $0[answered] : nil }) ?? results[key] else {
            calls.append("call \(Self.key(name, arguments)) -> (the Kotlin never made this call)")
            verifyStop("\(Self.key(name, arguments)) was never called by the Kotlin")
        }
        calls.append("call \(Self.key(name, arguments)) -> \(field)")
        do {
            return try FixtureValueCoding.decode(T.self, from: field)
        } catch {
            verifyStop("the result of \(Self.key(name, arguments)), \(field), is not a \(T.self): \(error)")
        }
    }

    /// A call of a function without a result that the owner supplies.
    public func result(_ name: String, _ arguments: [String]) {
        stopIfUnknown(name, arguments)
        guard results[Self.key(name, arguments)] != nil else {
            calls.append("call \(Self.key(name, arguments)) -> (the Kotlin never made this call)")
            verifyStop("\(Self.key(name, arguments)) was never called by the Kotlin")
        }
        calls.append("call \(Self.key(name, arguments)) -> ()")
    }

    /// Stops the sequence, before the call's line, when the Kotlin's result of this call cannot be given here.
    private func stopIfUnknown(_ name: String, _ arguments: [String]) {
        if let why = unknownResults[Self.key(name, arguments)] {
            verifyStop("the result of \(Self.key(name, arguments)): \(why)")
        }
    }

    func flush(to trace: VerifyTraceFile) {
        calls.forEach { trace.write($0) }
        calls.removeAll()
    }

    func stop(_ reason: String) {
        flush(to: trace)
        trace.write(VerifyComparison.stubStop)
        trace.note("not exercised: \(reason)")
    }
}
