/// Reading and making `RawRepresentable` values with `String` raw values when the type is only
/// known at run time: the macro-free identifiers (`enum HashableIdentifier: String`).
///
/// Written without `any RawRepresentable<String>`: casting to a parameterized protocol type needs
/// run-time support that Apple platforms have only from macOS 13, iOS 16, tvOS 16 and watchOS 9,
/// and this library supports older ones. The unparameterized existential is opened instead.
enum StringRawValues {

    /// Whether `type` is `RawRepresentable` with `String` raw values.
    static func hasStringRawValues(_ type: Any.Type) -> Bool {
        guard let type = type as? any RawRepresentable.Type else { return false }
        return isString(type)
    }

    /// The raw value of `value` when it is `RawRepresentable` with a `String` raw value.
    static func rawValue(of value: Any) -> String? {
        guard let value = value as? any RawRepresentable else { return nil }
        return string(value)
    }

    /// The value of `type` whose raw value is `rawValue`; nil when there is none or `type` does
    /// not have `String` raw values.
    static func value(of type: Any.Type, rawValue: String) -> Any? {
        guard let type = type as? any RawRepresentable.Type else { return nil }
        return make(type, rawValue)
    }

    private static func isString<Raw: RawRepresentable>(_: Raw.Type) -> Bool {
        Raw.RawValue.self == String.self
    }

    private static func string<Raw: RawRepresentable>(_ value: Raw) -> String? {
        value.rawValue as? String
    }

    private static func make<Raw: RawRepresentable>(_: Raw.Type, _ rawValue: String) -> Raw? {
        (rawValue as? Raw.RawValue).flatMap(Raw.init(rawValue:))
    }
}
