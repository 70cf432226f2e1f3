/// A value of a type the fixture format does not know, kept as the field it was read from and written back the same:
/// what `--verify`'s owner supplies for a type a port takes from its owner (a library's `LocalDateTime`, an error
/// class of another module), so that the Swift trace writes the value as the Kotlin's wrote it.
///
/// One without a field (``unwritten``) has no form, as a Kotlin stand-in's value has none: the fixture coders refuse
/// it, and the trace writes `?` for it as the Kotlin's writes for the stand-in's. Only the fixture coders
/// (``FixtureValueCoding``) read and write it; other coders refuse it.
public struct FixtureOpaqueValue: Codable, Hashable, Sendable, CustomStringConvertible {
    public let field: FixtureValue.Field?

    public init(_ field: FixtureValue.Field) {
        self.field = field
    }

    private init() {
        field = nil
    }

    /// A value without a form in the fixture format.
    public static let unwritten = FixtureOpaqueValue()

    public var description: String { field?.description ?? "?" }

    public init(from decoder: any Decoder) throws {
        throw DecodingError.typeMismatch(Self.self, .init(codingPath: decoder.codingPath,
            debugDescription: "an opaque value is read from the fixture format only"))
    }

    public func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(self, .init(codingPath: encoder.codingPath,
            debugDescription: "an opaque value is written in the fixture format only"))
    }
}
