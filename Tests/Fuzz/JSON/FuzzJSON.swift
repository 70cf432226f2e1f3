/// libFuzzer entry point for the fixture reader's two JSON parsers (`scripts/fuzz json`).
///
/// Compiled into the `StateMachineFixtures` module itself (see `scripts/fuzz`). Each input is
/// parsed by jansson and by the Swift reader (``JSONReader``), which must agree: both refuse it,
/// or both read the same value. A disagreement stops the fuzzer with both answers, and its input
/// becomes a test in `JSONReaderTests`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let jansson = Result { () throws(JanssonParser.SyntaxError) -> JSON in try JanssonParser.parse(bytes) }
    let swift = Result { () throws(JSONReader.SyntaxError) -> JSON in try JSONReader.parse(bytes) }
    switch (jansson, swift) {
    case let (.success(janssonValue), .success(swiftValue)):
        if janssonValue != swiftValue {
            fatalError("the parsers read different values: jansson \(janssonValue), Swift \(swiftValue)")
        }
    case (.failure, .failure):
        break
    case let (.success(value), .failure(error)):
        fatalError("jansson read \(value); the Swift reader refused it at byte \(error.offset): \(error.message)")
    case let (.failure(error), .success(value)):
        fatalError("the Swift reader read \(value); jansson refused it at byte \(error.position): \(error.text)")
    }
    return 0
}
