import StateMachineFixtures

/// What the port's owner gives during a verification: the values the Kotlin owner's properties had, the results its
/// functions gave (the port leaves them to the owner), and a record of every call its stubs take.
public final class VerifyContext {
    nonisolated(unsafe) static var current: VerifyContext?

    var calls: [String] = []
    private let properties: [String: FixtureValue.Field]
    private let results: [String: FixtureValue.Field]
    private let trace: VerifyTraceFile

    /// Reads `context` (`[["property", name, value], ["result", name, [argument texts], result], …]`): each argument
    /// of a result is the text the trace writes for it, `?` for a value without a form in the fixture format.
    init(_ context: FixtureValue.Field, trace: VerifyTraceFile) {
        var properties: [String: FixtureValue.Field] = [:]
        var results: [String: FixtureValue.Field] = [:]
        if case .list(let entries) = context {
            for entry in entries {
                guard case .list(let parts) = entry, case .string(let kind)? = parts.first, parts.count >= 3,
                      case .string(let name) = parts[1] else { continue }
                if kind == "property" {
                    properties[name] = parts[2]
                } else if kind == "result", parts.count == 4, case .list(let arguments) = parts[2] {
                    let texts = arguments.map { argument in
                        if case .string(let text) = argument { text } else { argument.description }
                    }
                    results[Self.key(name, texts)] = parts[3]
                }
            }
        }
        self.properties = properties
        self.results = results
        self.trace = trace
    }

    private static func key(_ name: String, _ arguments: [String]) -> String {
        "\(name)(\(arguments.joined(separator: ", ")))"
    }

    /// A stub's call: `logger.d("TAG", "text")`.
    public func call(_ receiver: String, _ arguments: [String]) {
        calls.append("call \(Self.key(receiver, arguments))")
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
        guard let field = results[Self.key(name, arguments)] else {
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
        guard results[Self.key(name, arguments)] != nil else {
            calls.append("call \(Self.key(name, arguments)) -> (the Kotlin never made this call)")
            verifyStop("\(Self.key(name, arguments)) was never called by the Kotlin")
        }
        calls.append("call \(Self.key(name, arguments)) -> ()")
    }

    func flush(to trace: VerifyTraceFile) {
        calls.forEach { trace.write($0) }
        calls.removeAll()
    }

    func stop(_ reason: String) {
        flush(to: trace)
        trace.write("= stop (a stub cannot answer)")
        trace.note(reason)
    }
}
