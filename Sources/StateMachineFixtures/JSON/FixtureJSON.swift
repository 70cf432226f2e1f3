/// The JSON of a fixture file, read by jansson where the package links it (Linux) and by
/// ``JSONReader`` elsewhere (Apple platforms). Both accept the same texts and give the same
/// values; a syntax error is always described by ``JSONReader``, so that its message and
/// location are the same on every platform.
enum FixtureJSON {

    /// Which parser reads the values.
    enum Backend: CaseIterable, Sendable {
        /// jansson, through the `CJansson` module.
        case jansson
        /// ``JSONReader``, in Swift alone.
        case swift

        /// The parsers this build has: both where jansson is linked, the Swift one elsewhere.
        static var available: [Backend] {
            #if canImport(CJansson)
            [.jansson, .swift]
            #else
            [.swift]
            #endif
        }

        /// jansson where it is linked.
        static var platformDefault: Backend { available[0] }
    }

    static func parse(_ bytes: [UInt8], backend: Backend = .platformDefault) throws(JSONReader.SyntaxError) -> JSON {
        switch backend {
        case .swift:
            return try JSONReader.parse(bytes)
        case .jansson:
            #if canImport(CJansson)
            let janssonError: JanssonParser.SyntaxError
            do {
                return try JanssonParser.parse(bytes)
            } catch {
                janssonError = error
            }
            _ = try JSONReader.parse(bytes)
            // The readers disagree (the JSON fuzzer looks for this): keep jansson's own words.
            throw JSONReader.SyntaxError(offset: janssonError.position, path: .root, message: "invalid JSON: " + janssonError.text)
            #else
            return try JSONReader.parse(bytes)
            #endif
        }
    }
}
