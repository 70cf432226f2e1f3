/// Fixture text compared by its Unicode scalars (SPEC.md R31): `"é"` written as one scalar
/// (U+00E9) and as `e` followed by U+0301 are two texts, as they are to Kotlin's `String.equals`,
/// to jansson and to JavaScript's `===`. Swift's `String ==` would call them equal (it compares
/// by canonical equivalence), so fixture strings are never compared, hashed or used as keys with
/// it: ``ScalarText`` is the key of a set or dictionary, ``Swift/String/scalarsEqual(_:)`` the
/// comparison.
///
/// ```swift
/// "\u{E9}" == "e\u{301}"                          // true: canonically equivalent
/// "\u{E9}".scalarsEqual("e\u{301}")               // false: other scalars
/// Set([ScalarText("\u{E9}"), ScalarText("e\u{301}")]).count   // 2
/// ```
struct ScalarText: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (lhs: ScalarText, rhs: ScalarText) -> Bool {
        lhs.text.scalarsEqual(rhs.text)
    }

    func hash(into hasher: inout Hasher) {
        text.hashScalars(into: &hasher)
    }
}

extension String {
    /// Whether the two texts are the same Unicode scalars in the same order (R31), with no
    /// normalization. UTF-8 writes each sequence of scalars one way only, so the bytes decide.
    func scalarsEqual(_ other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }

    /// Feeds the text's scalars (as UTF-8) to `hasher`: texts equal under ``scalarsEqual(_:)``
    /// hash alike.
    func hashScalars(into hasher: inout Hasher) {
        var copy = self
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(utf8.count)
    }
}

extension Array where Element == String {
    /// Whether the two arrays hold, in order, texts of the same scalars (R31).
    func scalarsEqual(_ other: [String]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.scalarsEqual($1) }
    }
}
