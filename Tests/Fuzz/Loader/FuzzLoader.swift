import StateMachine

/// libFuzzer entry point for the fixture loader (`scripts/fuzz loader`).
///
/// Compiled into the `StateMachineFixtures` module itself (see `scripts/fuzz`), so it reaches
/// the loader's internals. Each input is read as a fixture file; when it names itself
/// (`"name": "x"`) it is read as `x.json`, so that well-formed inputs get past the name check
/// and into the rest of the reader, and a fixture that loads is also replayed on its machine and drawn.
/// Any error is fine; a trap, a sanitizer report, a timeout or running out of memory is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let file = (FuzzInput.declaredName(in: bytes) ?? "fuzz") + ".json"
    do {
        let fixture = try Fixture(bytes: bytes, file: file)
        for result in fixture.replay() {
            _ = result.failure?.description
        }
        // A fixture that loads is drawn: whatever its names hold, the DOT must be text `dot` reads (no control
        // character but line ends, names cut to a bounded length), and Mermaid likewise.
        for format in [StateMachineTypes.DiagramFormat.dot, .mermaid] {
            guard let text = fixture.diagram(format: format) else { continue }
            for scalar in text.unicodeScalars where scalar.value < 0x20 && scalar != "\n" {
                preconditionFailure("the \(format) diagram holds the control character U+\(String(scalar.value, radix: 16))")
            }
            for line in text.split(separator: "\n") where line.unicodeScalars.count > 16_384 {
                preconditionFailure("the \(format) diagram has a line of \(line.unicodeScalars.count) scalars: names are not cut")
            }
        }
    } catch {
        _ = error.description
    }
    return 0
}

private enum FuzzInput {
    /// The root object's `name` string, when the input is JSON and has one that can be a file
    /// name.
    static func declaredName(in bytes: [UInt8]) -> String? {
        guard case .object(let members)? = try? FixtureJSON.parse(bytes),
              case .string(let name)? = members.first(where: { $0.key == "name" })?.value,
              !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")), !name.utf8.contains(0)
        else { return nil }
        return name
    }
}
