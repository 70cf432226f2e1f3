/// Case identification for one enum type, computed once and cheap to use.
///
/// Reads the enum's type metadata once — its case counts, its case names and its
/// `getEnumTag` value witness — so that finding the case of a value afterwards is one
/// indirect call of a few nanoseconds, with no macro, no `switch` written by the user
/// and no `Mirror`:
///
/// ```swift
/// indirect enum Turnstile { case locked(credit: Int), unlocked, broken(oldState: Turnstile) }
///
/// let cases = EnumCases<Turnstile>()!
/// cases.count                                     // 3
/// cases.tag(of: .broken(oldState: .unlocked))     // 1
/// cases.name(ofTag: 1)                         // "broken"
/// cases.tag(named: "unlocked")                 // 2
/// cases.hasPayload(tag: 2)                     // false
/// ```
///
/// Tags are the runtime's numbering, **not** declaration order: cases whose payload takes
/// space come first, in declaration order, then the cases without one, in declaration
/// order. Above, `locked` is 0, `broken` 1 and `unlocked` 2. Map tags to anything else by
/// name (``name(ofTag:)``, ``tag(named:)``), never by position in the source.
///
/// A case whose payload is empty (`case done(Void)`, `case done(EmptyStruct)`) is laid out
/// by the compiler as a case without payload, so it counts as one here too: its tag comes
/// after the payload cases and ``hasPayload(tag:)`` is `false`. Such a case has exactly one
/// value, so its tag still identifies the value completely.
///
/// > Important: This type reads the runtime's data structures directly. Everything that
/// > relies on their layout is below `// MARK: - Runtime reflection` in this file, with the
/// > Swift ABI document each offset comes from. The layout is ABI-stable on Apple
/// > platforms; Linux and Windows make no such promise, but use the same layout today, and
/// > the tests in `EnumReflectionTests` fail if that changes.
@usableFromInline
struct EnumCases<Value>: @unchecked Sendable {
    // @unchecked: every stored property is immutable, and the pointers point into the
    // type's metadata, which the runtime never frees or changes once it is complete.

    /// Reads the tag of a value: the `getEnumTag` value witness of `Value` and the
    /// metadata it takes. Two words, no reference: copying it retains nothing, so the
    /// transition table keeps one per case index and reads tags through it on the hot path.
    @usableFromInline
    struct TagReader: @unchecked Sendable {
        /// The enum's type metadata, the second argument of `getEnumTag`.
        @usableFromInline let metadata: UnsafeRawPointer
        /// The `getEnumTag` value witness of `Value`.
        @usableFromInline let getEnumTag: GetEnumTag
        /// Whether the value's single byte is its tag: an enum without payloads of 2 to 256
        /// cases, which the compiler stores as the case's index, the same number `getEnumTag`
        /// returns. The tag is then read without an indirect call.
        @usableFromInline let byteIsTag: Bool

        /// The tag of the case `value` is in; see ``EnumCases/tag(of:)``.
        @inlinable @inline(__always)
        func tag(of value: borrowing Value) -> Int {
            if byteIsTag {
                return withUnsafeBytes(of: value) { Int($0[0]) }
            }
            let tag = withUnsafePointer(to: value) { pointer in
                getEnumTag(UnsafeRawPointer(pointer), metadata)
            }
            return Int(tag)
        }
    }

    /// Reads tags; see ``tag(of:)``.
    let tagReader: TagReader
    /// The number of cases whose tag is below this carry a payload.
    private let payloadCaseCount: Int
    /// The case names, indexed by tag; `nil` when reflection metadata was not emitted.
    private let names: [String]?

    /// The number of cases: the cases with a payload plus those without.
    ///
    /// Read from the enum's nominal type descriptor, so it is right even when reflection
    /// metadata is stripped. Tags run from `0` to `count - 1`.
    let count: Int

    /// Reads the metadata of `Value`, or returns `nil` when `Value` is not an enum.
    ///
    /// `Optional` counts as an enum (tag 0 is `some`, tag 1 is `none`). Structs, classes,
    /// tuples, functions, metatypes and existentials (`Any`, `any P`) give `nil`; for an
    /// existential holding an enum, open it first and ask about the dynamic type.
    ///
    /// ```swift
    /// EnumCases<Turnstile>()   // non-nil
    /// EnumCases<Int?>()        // non-nil, count 2
    /// EnumCases<String>()      // nil
    /// EnumCases<Any>()         // nil, even if the value inside is an enum
    /// ```
    ///
    /// Costs a few hundred nanoseconds (the case names are copied into `String`s): make it
    /// once per type and keep it.
    init?() {
        guard
            let metadata = EnumMetadata(Value.self),
            let valueWitnesses = metadata.valueWitnessTable
        else { return nil }
        let descriptor = metadata.descriptor

        let count = descriptor.payloadCaseCount + descriptor.emptyCaseCount
        self.tagReader = TagReader(
            metadata: metadata.pointer,
            getEnumTag: valueWitnesses.getEnumTag,
            byteIsTag: descriptor.payloadCaseCount == 0 && MemoryLayout<Value>.size == 1 && (2...256).contains(count)
        )
        self.payloadCaseCount = descriptor.payloadCaseCount
        self.count = count
        self.names = descriptor.fields.flatMap { $0.caseNames(expectedCount: count) }
    }

    /// The tag of the case `value` is in, from `0` to `count - 1`.
    ///
    /// One call through `Value`'s `getEnumTag` value witness: a few nanoseconds, no
    /// allocation, no retain or copy of the payload. The value is only read; calling this
    /// any number of times leaves it intact, `indirect` payloads included.
    ///
    /// ```swift
    /// cases.tag(of: .locked(credit: 30))   // 0
    /// ```
    ///
    /// - Parameter value: A value of the enum.
    /// - Returns: The value's tag, in runtime order (see ``EnumCases``).
    func tag(of value: borrowing Value) -> Int {
        tagReader.tag(of: value)
    }

    /// The name of the case with the given tag, as written in the enum's declaration.
    ///
    /// ```swift
    /// cases.name(ofTag: cases.tag(of: .unlocked))   // "unlocked"
    /// ```
    ///
    /// The name comes from the enum's reflection metadata, never from `description` or
    /// `customMirror`, so it is the real case name even for enums that conform to
    /// `CustomStringConvertible` or `CustomReflectable`.
    ///
    /// - Parameter tag: A tag from ``tag(of:)``, in `0..<count`. Other values are a
    ///   programming error: they stop debug builds and return `nil` in release builds.
    /// - Returns: The case name, or `nil` when the enum was compiled without reflection
    ///   metadata (`-disable-reflection-metadata`, `-disable-reflection-names`) or is a
    ///   C enum imported into Swift.
    func name(ofTag tag: Int) -> String? {
        guard (0..<count).contains(tag) else {
            assertionFailure("Tag \(tag) is out of range for \(Value.self), which has \(count) cases.")
            return nil
        }
        return names?[tag]
    }

    /// The tag of the case with the given name.
    ///
    /// ```swift
    /// cases.tag(named: "broken")    // 1
    /// cases.tag(named: "missing")   // nil
    /// ```
    ///
    /// - Parameter name: A case name as written in the enum's declaration, without
    ///   payload labels (`"locked"`, not `"locked(credit:)"`).
    /// - Returns: The case's tag, or `nil` when no case has that name or the enum has no
    ///   reflection metadata.
    func tag(named name: String) -> Int? {
        names?.firstIndex(of: name)
    }

    /// Whether the case with the given tag stores a payload.
    ///
    /// `false` for a case without associated values, and also for a case whose associated
    /// value is empty (`Void`, an empty struct), which the compiler lays out like a case
    /// without payload. When this is `false`, the tag alone identifies the value.
    ///
    /// ```swift
    /// cases.hasPayload(tag: cases.tag(of: .locked(credit: 0)))   // true
    /// cases.hasPayload(tag: cases.tag(of: .unlocked))            // false
    /// ```
    ///
    /// Read from the nominal type descriptor, so it works without reflection metadata.
    ///
    /// - Parameter tag: A tag in `0..<count`. Other values are a programming error: they
    ///   stop debug builds and return `false` in release builds.
    func hasPayload(tag: Int) -> Bool {
        guard (0..<count).contains(tag) else {
            assertionFailure("Tag \(tag) is out of range for \(Value.self), which has \(count) cases.")
            return false
        }
        return tag < payloadCaseCount
    }
}

extension EnumCases {

    /// The value of the case with `tag` when that case has no payload; nil for a case with a
    /// payload (its values cannot be made without one) or a tag out of range.
    ///
    /// ```swift
    /// cases.payloadlessValue(ofTag: 2)   // .unlocked
    /// cases.payloadlessValue(ofTag: 0)   // nil: locked(credit:) has a payload
    /// ```
    ///
    /// Made with the enum's `destructiveInjectEnumTag` value witness on zeroed memory: a case
    /// without payload is its tag alone, so the value is complete. Off the hot path (validation).
    func payloadlessValue(ofTag tag: Int) -> Value? {
        guard (0..<count).contains(tag), tag >= payloadCaseCount,
              let metadata = EnumMetadata(Value.self), let witnesses = metadata.valueWitnessTable
        else { return nil }
        let size = max(MemoryLayout<Value>.size, 1)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<Value>.alignment)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        witnesses.destructiveInjectEnumTag(memory, UInt32(tag), metadata.pointer)
        return memory.assumingMemoryBound(to: Value.self).move()
    }
}

/// The case names of the enum `type`, in tag order, for this package's tools: the verification reads the cases of a
/// Swift machine's types and of their `CodingKeys` with it (`statemachine compare`).
///
/// ```swift
/// enumCaseNames(of: Turnstile.self)   // ["locked", "broken", "unlocked"]: payload cases first
/// enumCaseNames(of: Int.self)         // nil
/// ```
///
/// - Returns: The names, or `nil` when `type` is not an enum or was compiled without reflection metadata.
@_spi(Tooling)
public func enumCaseNames<Value>(of type: Value.Type) -> [String]? {
    guard let cases = EnumCases<Value>() else { return nil }
    var names: [String] = []
    for tag in 0..<cases.count {
        guard let name = cases.name(ofTag: tag) else { return nil }
        names.append(name)
    }
    return names
}

/// The case name of a value, for messages and other code off the hot path.
///
/// ```swift
/// enumCaseName(of: Turnstile.locked(credit: 30))   // "locked"
/// enumCaseName(of: Int?.none)                      // "none"
/// enumCaseName(of: 42)                             // nil
/// ```
///
/// Uses ``EnumCases``, so the answer is the declared case name even when the enum has a
/// custom `description` or `customMirror`. When the enum has no reflection metadata, falls
/// back to the first child label of its `Mirror` (right for cases with a payload, unless the
/// enum is `CustomReflectable`) and then to the text of `String(describing:)` up to the
/// first `(` (right for enums without a custom `description`). Builds a new ``EnumCases``
/// on each call: keep an ``EnumCases`` instead when calling this often.
///
/// An existential (`Any`, `any P`) passed here directly is opened by the compiler
/// (SE-0352), so the enum inside is named; inside generic code where `Value` is itself
/// `Any`, the answer is `nil`.
///
/// - Parameter value: Any value.
/// - Returns: The name of the case `value` is in, or `nil` when `Value` is not an enum or
///   `Optional` (a struct, a class, a tuple, an existential, …), or when no name can be
///   found.
func enumCaseName<Value>(of value: Value) -> String? {
    guard let cases = EnumCases<Value>() else { return nil }
    return cases.name(ofTag: cases.tag(of: value)) ?? caseNameWithoutMetadata(of: value)
}

/// The case of the enum `type` named `name` that has no payload, for this package's tools: the fixture
/// format writes a Swift enum with raw values (`enum Direction: String { case up }`) as its case, `{"up": {}}`, as
/// it writes a Kotlin `enum class` constant, and reads it back with this.
///
/// ```swift
/// enumCase(named: "up", of: Direction.self)     // .up
/// enumCase(named: "north", of: Direction.self)  // nil
/// ```
///
/// - Returns: The value, or `nil` when `type` is not an enum, was compiled without reflection metadata, has no case
///   of that name, or that case has a payload.
@_spi(Tooling)
public func enumCase<Value>(named name: String, of type: Value.Type) -> Value? {
    guard let cases = EnumCases<Value>(), let tag = cases.tag(named: name) else { return nil }
    return cases.payloadlessValue(ofTag: tag)
}

/// The declared case name of an enum value, for this package's tools: the fixture format writes a Swift enum with raw
/// values as its case, `{"up": {}}` (``enumCaseName(of:)`` says how the name is found).
///
/// ```swift
/// enumCaseName(ofValue: Direction.up)   // "up", whatever its raw value
/// ```
@_spi(Tooling)
public func enumCaseName<Value>(ofValue value: Value) -> String? {
    enumCaseName(of: value)
}

/// The best guess at a case name when the enum's reflection metadata is missing.
private func caseNameWithoutMetadata<Value>(of value: Value) -> String? {
    if let label = Mirror(reflecting: value).children.first?.label {
        return label
    }
    let text = String(describing: value)
    let name = text.prefix { $0 != "(" }
    return name.isEmpty ? nil : String(name)
}

/// Where one payload field of one enum case is, so that it can be read without `Mirror`.
///
/// Found once by ``EnumPayloads/access(ofTag:named:as:)`` from the enum's reflection metadata,
/// then used by ``EnumPayloads/read(_:from:as:)`` on any value of that case.
struct PayloadField: Sendable {
    /// The case's tag.
    let tag: Int
    /// The byte offset of the field in the payload (0 for a single payload).
    let offset: Int
    /// Whether the payload lives in a heap box (`indirect` case), at `boxOffset` in it.
    let isIndirect: Bool
    let boxOffset: Int
}

/// How the payload field that `value.<label>()` returns can be read, decided once per enum
/// type, case, label and requested type by ``EnumPayloads/access(ofTag:named:as:)``.
enum PayloadAccess: Sendable {
    /// In place, with ``EnumPayloads/read(_:from:as:)``: the field's declared type is the
    /// requested type and is stored as a value of that type is stored anywhere else.
    case inPlace(PayloadField)
    /// Through `Mirror`, then `as? T`: the field's type differs from the requested one (an
    /// existential or optional promotion, or a type mismatch to report), the label is not
    /// found, or the enum has no reflection metadata.
    case mirror
    /// Not at all: what would be returned, or the layout of the whole payload, depends on
    /// how the enum's declaration spells its types (see ``PayloadRepresentation``), so neither
    /// a load nor `Mirror` would give a valid value. `type` is the field's type, or the
    /// payload's when its layout is the problem. (No case name here, so that the decision is
    /// a plain value that the cache copies without retaining anything;
    /// ``EnumPayloads/caseName(ofTag:)`` gives it.)
    case unreadable(type: Any.Type)
    /// Not at all, and no need to: the field is a function and the requested type a struct,
    /// an enum, a class or a tuple, which no function converts to with `as?`.
    case incorrectType(encountered: Any.Type)
}

/// Reads the payload of an enum value in place, as the compiler's own pattern matching does:
/// `destructiveProjectEnumData` on a copy of the value, a load of the field, then
/// `destructiveInjectEnumTag` to put the copy back together before it is destroyed.
///
/// ```swift
/// let payloads = EnumPayloads(Turnstile.self)!
/// let value = Turnstile.locked(credit: 30)
/// if case .inPlace(let field) = payloads.access(ofTag: payloads.tag(of: value), named: "credit", as: Int.self) {
///     payloads.read(field, from: value, as: Int.self)   // 30
/// }
/// ```
///
/// ``access(ofTag:named:as:)`` only allows a load when the field's declared type is exactly
/// the requested type and is stored the same way wherever it appears, so that a plain load is
/// what `as? T` would give. This is the technique of swift-case-paths
/// (`Sources/CasePaths/EnumReflection.swift`), restricted to the types for which it is sound.
///
/// Not generic, so that unspecialized code using it needs no generic metadata lookup; the
/// methods take values of the enum type the instance was made for.
struct EnumPayloads: @unchecked Sendable {
    // @unchecked: immutable pointers into the type's metadata, which never changes.

    private let metadata: EnumMetadata
    private let witnesses: EnumValueWitnessTable
    private let payloadCaseCount: Int

    private let type: Any.Type

    /// `nil` when `type` is not an enum or `Optional`.
    init?(_ type: Any.Type) {
        guard let metadata = EnumMetadata(type), let witnesses = metadata.valueWitnessTable else {
            return nil
        }
        self.type = type
        self.metadata = metadata
        self.witnesses = witnesses
        payloadCaseCount = metadata.descriptor.payloadCaseCount
    }

    /// The enum's type metadata, the second argument of ``getEnumTag``.
    var metadataPointer: UnsafeRawPointer { metadata.pointer }

    /// The enum's `getEnumTag` value witness.
    var getEnumTag: GetEnumTag { witnesses.getEnumTag }

    /// The tag of `value`, as ``EnumCases/tag(of:)``; `value` must be of the type given to
    /// `init`.
    func tag<Value>(of value: borrowing Value) -> Int {
        assert(Value.self == type, "EnumPayloads used with another type")
        let tag = withUnsafePointer(to: value) { pointer in
            witnesses.getEnumTag(UnsafeRawPointer(pointer), metadata.pointer)
        }
        return Int(tag)
    }

    /// How to read the payload field to return for `label`, for the case with `tag`, as a `T`.
    ///
    /// As with `Mirror`: a payload with several fields gives the field labelled `label`; a
    /// single payload, labelled or not, is returned whatever `label` is; when no field has the
    /// label, the whole payload is what would be returned.
    ///
    /// - Returns: ``PayloadAccess/unreadable(type:)`` when what would be returned
    ///   holds a function, or the payload a metatype of a value type, outside a generic
    ///   parameter (see ``PayloadRepresentation``), unless the field is a function and `T` a
    ///   type no function converts to (``PayloadAccess/incorrectType(encountered:)``);
    ///   ``PayloadAccess/inPlace(_:)`` when the
    ///   field's declared type is `T`; ``PayloadAccess/mirror`` otherwise, and when the case
    ///   has no payload or the enum no reflection metadata.
    func access<T>(ofTag tag: Int, named label: String, as type: T.Type) -> PayloadAccess {
        // Every case's record is checked, not only those of the cases with a payload: a case
        // whose payload takes no bytes is laid out as a case without one, and a thin metatype
        // is such a payload although its metadata gives it a pointer's size.
        guard tag >= 0,
              let fields = metadata.descriptor.fields,
              let record = fields.record(at: tag),
              let payloadType = record.payloadType(in: metadata)
        else { return .mirror }
        var fieldType = payloadType
        var offset = 0
        var found = true
        if let tuple = TupleMetadata(payloadType) {
            let index: Int?
            if tuple.count == 1 {
                index = 0
            } else {
                index = tuple.labels.firstIndex(of: label)
            }
            if let index {
                fieldType = tuple.elementType(at: index)
                offset = tuple.elementOffset(at: index)
            } else {
                found = false
            }
        }
        // A payload declared as a bare generic parameter (`case value(Payload)`) is stored
        // with the most general representation, whatever the argument: as a `T` is.
        if !record.isGenericParameter {
            switch PayloadRepresentation(of: payloadType) {
            case .differentLayout:
                return .unreadable(type: payloadType)
            case .differentFunctions where PayloadRepresentation(of: fieldType) != .general:
                if found, metadataKind(of: fieldType) == MetadataKind.function,
                   MetadataKind.neverCastFromFunctions.contains(metadataKind(of: T.self)) {
                    return .incorrectType(encountered: fieldType)
                }
                return .unreadable(type: fieldType)
            case .differentFunctions, .general:
                break
            }
        }
        guard tag < payloadCaseCount, found, fieldType == T.self else { return .mirror }
        var boxOffset = 0
        if record.isIndirectCase {
            // A box is a heap object header (two words) followed by the value, aligned
            // (`swift_allocBox`, `include/swift/Runtime/HeapObject.h`).
            let alignment = ValueWitnessTable(of: payloadType).alignment
            guard alignment <= 16 else { return .mirror }
            boxOffset = (2 * wordSize + alignment - 1) / alignment * alignment
        }
        return .inPlace(PayloadField(tag: tag, offset: offset, isIndirect: record.isIndirectCase, boxOffset: boxOffset))
    }

    /// The name of the case with `tag`, for messages; empty when the enum has no reflection
    /// metadata.
    func caseName(ofTag tag: Int) -> String {
        metadata.descriptor.fields?.record(at: tag)?.name ?? ""
    }

    /// Whether the case with `tag` has a payload of one field, labelled or not: not a tuple of
    /// several fields, not a case without payload; false without reflection metadata.
    func hasOneField(tag: Int) -> Bool {
        guard tag >= 0, let record = metadata.descriptor.fields?.record(at: tag),
              let payloadType = record.payloadType(in: metadata) else { return false }
        return TupleMetadata(payloadType).map { $0.count == 1 } ?? true
    }

    /// Whether taking the payload out of `value` (`destructiveProjectEnumData`) leaves its bytes
    /// as they are. The bits that tell a case apart inside a payload are the same in every value
    /// of that case, so the answer for one value holds for all values of its case: then a field
    /// of the case is read with a plain load from the value, without projecting a copy.
    func projectionKeepsBytes<Value>(of value: Value) -> Bool {
        let tag = UInt32(self.tag(of: value))
        var copy = value
        return withUnsafeMutableBytes(of: &copy) { bytes in
            let before = Array(bytes)
            witnesses.destructiveProjectEnumData(bytes.baseAddress!, metadata.pointer)
            defer { witnesses.destructiveInjectEnumTag(bytes.baseAddress!, tag, metadata.pointer) }
            return before.elementsEqual(bytes)
        }
    }

    /// Reads the field `field` from `value`, which must be of the type given to `init` and of
    /// the case `field.tag`.
    func read<Value, T>(_ field: PayloadField, from value: Value, as _: T.Type) -> T {
        precondition(tag(of: value) == field.tag, "read(_:from:as:) called on a value of another case")
        var copy = value
        return withUnsafeMutableBytes(of: &copy) { bytes in
            let pointer = bytes.baseAddress!
            witnesses.destructiveProjectEnumData(pointer, metadata.pointer)
            defer { witnesses.destructiveInjectEnumTag(pointer, UInt32(field.tag), metadata.pointer) }
            let payload = field.isIndirect
                ? pointer.load(as: UnsafeRawPointer.self) + field.boxOffset
                : UnsafeRawPointer(pointer)
            return payload.load(fromByteOffset: field.offset, as: T.self)
        }
    }
}

/// Whether values of a type are stored the same way in a payload whose declaration spells the
/// type out and in a generic `T`.
///
/// Runtime metadata names one type, but the compiler may store that type two ways. A value
/// whose declared type is a generic parameter, or that sits in `Any`, in an `UnsafePointer`'s
/// pointee or in a generic container, is stored with the most general representation; a field
/// whose declaration spells the type out is stored with the type's natural representation
/// (abstraction patterns, `include/swift/SIL/AbstractionPattern.h` in the Swift repository). The
/// two differ for:
///
/// - **Functions** with the Swift calling convention: `() -> Int` spelled out returns its `Int`
///   in registers; as a generic `T` it is a `() -> T` that returns it through memory. Same
///   size and layout, different code behind the pointer: calling one as the other returns
///   garbage or crashes.
/// - **Metatypes of value types** (`Int.Type`): spelled out they are "thin", take no bytes, and
///   the fields after them move; as a `T` they are a pointer to the type's metadata.
///
/// and for any tuple or `Optional` holding one, whose elements follow the same rule. Nominal
/// types (structs, enums, classes, generic or not) store their fields according to their own
/// declaration, the same wherever they are, and so do existentials, which box their value.
/// The runtime's `Mirror` does not convert between the two forms either: it copies the bytes as
/// if they had the general one.
enum PayloadRepresentation: Equatable {
    /// Stored as a `T` is stored.
    case general
    /// The same layout, but a function in it, reached through a spelled-out function type,
    /// must not be called as a `T`'s would be. Other parts can still be read.
    case differentFunctions
    /// Another layout: a thin metatype takes no bytes, so even the offsets of other fields
    /// differ from those the runtime computes for the type.
    case differentLayout

    init(of type: Any.Type) {
        switch metadataKind(of: type) {
        case MetadataKind.function:
            self = FunctionMetadata(type).hasSwiftRepresentation ? .differentFunctions : .general
        case MetadataKind.metatype:
            self = MetatypeMetadata(type).isThick ? .general : .differentLayout
        case MetadataKind.tuple:
            let tuple = TupleMetadata(type)!
            self = (0..<tuple.count).reduce(.general) { result, index in
                Self.combine(result, PayloadRepresentation(of: tuple.elementType(at: index)))
            }
        case MetadataKind.optional:
            self = EnumMetadata(type)?.genericArguments.map {
                PayloadRepresentation(of: $0.load(as: Any.Type.self))
            } ?? .general
        default:
            self = .general
        }
    }

    /// The representation of an aggregate of parts represented as `a` and `b`.
    private static func combine(_ a: Self, _ b: Self) -> Self {
        a == .differentLayout || b == .differentLayout ? .differentLayout
            : a == .differentFunctions || b == .differentFunctions ? .differentFunctions
            : .general
    }
}

// MARK: - Runtime reflection
//
// The structures below mirror, read-only, the parts of the Swift runtime's type metadata
// that `EnumCases` needs. Sources, in the swiftlang/swift repository:
//
// - `docs/ABI/TypeMetadata.rst`: the metadata record (kind at offset 0, value witness
//   table one word before it, nominal type descriptor one word after the kind).
// - `include/swift/ABI/MetadataKind.def`: the metadata kind values.
// - `include/swift/ABI/ValueWitness.def`: the value witness table and its enum extension.
// - `include/swift/ABI/Metadata.h`: `TargetValueWitnessFlags`, `TargetEnumDescriptor` and
//   the type context descriptor it extends.
// - `include/swift/RemoteInspection/Records.h` (formerly `include/swift/Reflection/
//   Records.h`): the field descriptor and field records, i.e. the reflection metadata.
// - `lib/IRGen/GenReflection.cpp` (`FieldTypeMetadataBuilder::layoutEnum`): the order in
//   which the compiler emits an enum's field records.
//
// All of it is read-only and uses only the standard library.

/// `getEnumTag`, the first enum value witness:
/// `unsigned (*getEnumTag)(const OpaqueValue *value, const Metadata *self)`
/// (`include/swift/ABI/ValueWitness.def`).
///
/// The witness uses the Swift calling convention (`swiftcc`), not the C one. For this
/// signature — two pointer arguments, a 32-bit result, no `self`, context or error
/// register — the two conventions pass the arguments and the result in the same registers
/// on every platform we support (x86_64 and arm64 Darwin and Linux, arm64_32), so the
/// witness is called as a C function pointer, as swift-case-paths and the Composable
/// Architecture do. This is an assumption about the platforms, not an ABI guarantee.
/// Not supported on arm64e, where pointer authentication signs the witness pointers
/// (third-party apps are built for arm64, which runs unchanged on arm64e devices).
///
/// Internal rather than private only so that ``EnumCases/TagReader`` can be inlined into
/// clients; nothing outside this file makes one.
@usableFromInline
typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

/// The size of a pointer, which is also the size of a metadata word.
private let wordSize = MemoryLayout<UnsafeRawPointer>.size

/// The kinds of metadata record that ``PayloadRepresentation`` tells apart, `MetadataKind`
/// (`include/swift/ABI/MetadataKind.def`: `MetadataKindIsNonHeap` is `0x200`,
/// `MetadataKindIsRuntimePrivate` `0x100`).
private enum MetadataKind {
    /// `Class`, `0`; also what ``metadataKind(of:)`` gives for an isa pointer.
    static let `class`: UInt = 0
    /// `Optional`, `2 | MetadataKindIsNonHeap`.
    static let optional: UInt = 0x202
    /// `Tuple`, `1 | MetadataKindIsRuntimePrivate | MetadataKindIsNonHeap`.
    static let tuple: UInt = 0x301
    /// `Function`, `2 | MetadataKindIsRuntimePrivate | MetadataKindIsNonHeap`.
    static let function: UInt = 0x302
    /// `Metatype`, `4 | MetadataKindIsRuntimePrivate | MetadataKindIsNonHeap`.
    static let metatype: UInt = 0x304
    /// `ObjCClassWrapper`, `5 | MetadataKindIsRuntimePrivate | MetadataKindIsNonHeap`.
    static let objCClassWrapper: UInt = 0x305
    /// `Struct` (`0 | MetadataKindIsNonHeap`), `Enum` (`1 | MetadataKindIsNonHeap`), `Class` and
    /// `Tuple`: the kinds of the types that a function is never cast to by `as?`.
    static let neverCastFromFunctions: Set<UInt> = [0x200, 0x201, `class`, tuple]
    /// `LastEnumerated`: a larger first word is the isa pointer of a class's metadata on
    /// Apple platforms (`TargetMetadata::getKind`, `include/swift/ABI/Metadata.h`).
    static let lastEnumerated: UInt = 0x7FF
}

/// The kind of a type's metadata record, the first word of every record
/// (`docs/ABI/TypeMetadata.rst`, "Common Metadata Layout").
private func metadataKind(of type: Any.Type) -> UInt {
    let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    return kind > MetadataKind.lastEnumerated ? MetadataKind.class : kind
}

/// The metadata of a function type, `TargetFunctionTypeMetadata` (`include/swift/ABI/Metadata.h`):
/// kind, then `Flags` (a word, `TargetFunctionTypeFlags`), then the result and parameter types.
private struct FunctionMetadata {
    let pointer: UnsafeRawPointer

    init(_ type: Any.Type) {
        pointer = unsafeBitCast(type, to: UnsafeRawPointer.self)
    }

    /// `TargetFunctionTypeFlags::ConventionMask` and `ConventionShift`; the conventions are
    /// `FunctionMetadataConvention` (`include/swift/ABI/MetadataValues.h`): Swift 0, Block 1,
    /// Thin 2, CFunctionPointer 3.
    private static let conventionMask: UInt = 0x00FF_0000
    private static let conventionShift: UInt = 16
    private static let block: UInt = 1
    private static let cFunctionPointer: UInt = 3

    /// Whether the function has a Swift calling convention (`swift` or `thin`), whose
    /// representation depends on where it is stored. A C function pointer or an Objective-C
    /// block has one representation only.
    var hasSwiftRepresentation: Bool {
        let flags = pointer.load(fromByteOffset: wordSize, as: UInt.self)
        let convention = (flags & Self.conventionMask) >> Self.conventionShift
        return convention != Self.block && convention != Self.cFunctionPointer
    }
}

/// The metadata of a metatype, `TargetMetatypeMetadata` (`include/swift/ABI/Metadata.h`):
/// kind, then the instance type.
private struct MetatypeMetadata {
    let pointer: UnsafeRawPointer

    init(_ type: Any.Type) {
        pointer = unsafeBitCast(type, to: UnsafeRawPointer.self)
    }

    /// Whether a stored value of this metatype is a pointer to the instance type's metadata
    /// wherever it is stored: true for the metatype of a class, whose value may be a subclass.
    /// The metatype of a struct, enum, tuple, function or existential is "thin" when its
    /// declaration spells it out: it takes no bytes.
    var isThick: Bool {
        let instance = pointer.load(fromByteOffset: wordSize, as: Any.Type.self)
        let kind = metadataKind(of: instance)
        return kind == MetadataKind.class || kind == MetadataKind.objCClassWrapper
    }
}

/// A type's metadata record, known to be that of an enum or `Optional`.
private struct EnumMetadata {
    /// The address point of the metadata, what `unsafeBitCast(T.self, …)` gives.
    let pointer: UnsafeRawPointer

    /// The metadata kind of a Swift enum, `MetadataKind::Enum`
    /// (`include/swift/ABI/MetadataKind.def`: `0 | MetadataKindIsNonHeap`).
    private static let enumKind: UInt = 0x201
    /// The metadata kind of `Optional`, `MetadataKind::Optional`
    /// (`include/swift/ABI/MetadataKind.def`: `1 | MetadataKindIsNonHeap`).
    private static let optionalKind: UInt = 0x202

    /// `nil` unless `type` is an enum or `Optional`.
    init?(_ type: Any.Type) {
        let pointer = unsafeBitCast(type, to: UnsafeRawPointer.self)
        // The kind is the first word of every metadata record
        // (`docs/ABI/TypeMetadata.rst`, "Common Metadata Layout"). For a class it is the isa
        // pointer on Apple platforms, which never equals these small values.
        let kind = pointer.load(as: UInt.self)
        guard kind == Self.enumKind || kind == Self.optionalKind else { return nil }
        self.pointer = pointer
    }

    /// The value witness table, or `nil` if it lacks the enum value witnesses.
    var valueWitnessTable: EnumValueWitnessTable? {
        // The value witness table pointer is one word before the address point
        // (`docs/ABI/TypeMetadata.rst`, "Common Metadata Layout": offset -1).
        let table = EnumValueWitnessTable(
            pointer: pointer.load(fromByteOffset: -wordSize, as: UnsafeRawPointer.self)
        )
        // An enum without cases (`Never`) shares the value witness table of an empty
        // type, which has no enum witnesses; there is no value to ask about then.
        guard table.hasEnumWitnesses else { return nil }
        return table
    }

    /// The generic arguments of a generic enum, which follow the descriptor
    /// (`docs/ABI/TypeMetadata.rst`, "Enum Metadata": offset 2); `nil` for a non-generic one.
    var genericArguments: UnsafeRawPointer? {
        descriptor.isGeneric ? pointer + 2 * wordSize : nil
    }

    /// The nominal type descriptor, the word after the kind
    /// (`docs/ABI/TypeMetadata.rst`, "Enum Metadata": offset 1).
    var descriptor: EnumDescriptor {
        EnumDescriptor(pointer: pointer.load(fromByteOffset: wordSize, as: UnsafeRawPointer.self))
    }
}

/// The value witness table of an enum type (`include/swift/ABI/ValueWitness.def`).
///
/// Layout, in words of `wordSize` bytes unless noted:
/// ```
///  0 initializeBufferWithCopyOfBuffer    6 getEnumTagSinglePayload
///  1 destroy                             7 storeEnumTagSinglePayload
///  2 initializeWithCopy                  8 size
///  3 assignWithCopy                      9 stride
///  4 initializeWithTake                 10 flags (UInt32), extraInhabitantCount (UInt32)
///  5 assignWithTake                     11 getEnumTag  ← enum value witnesses start here
/// ```
/// so `getEnumTag` is at byte 88 on 64-bit platforms and byte 48 on 32-bit ones.
private struct EnumValueWitnessTable {
    let pointer: UnsafeRawPointer

    /// The byte offset of `flags`: after 8 function pointers, `size` and `stride`.
    private static let flagsOffset = 10 * wordSize
    /// The byte offset of `getEnumTag`: after `flags` and `extraInhabitantCount`.
    private static let getEnumTagOffset = flagsOffset + 2 * MemoryLayout<UInt32>.size
    /// `TargetValueWitnessFlags::HasEnumWitnesses` (`include/swift/ABI/Metadata.h`): set
    /// when the table is followed by the enum value witnesses.
    private static let hasEnumWitnessesFlag: UInt32 = 0x0020_0000

    var hasEnumWitnesses: Bool {
        pointer.load(fromByteOffset: Self.flagsOffset, as: UInt32.self) & Self.hasEnumWitnessesFlag != 0
    }

    var getEnumTag: GetEnumTag {
        unsafeBitCast(
            pointer.load(fromByteOffset: Self.getEnumTagOffset, as: UnsafeRawPointer.self),
            to: GetEnumTag.self
        )
    }

    /// `destructiveProjectEnumData`, the enum witness after `getEnumTag`: turns an enum value
    /// into its payload, in place. Called like `getEnumTag` (see ``GetEnumTag``).
    var destructiveProjectEnumData: @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void {
        unsafeBitCast(
            pointer.load(fromByteOffset: Self.getEnumTagOffset + wordSize, as: UnsafeRawPointer.self),
            to: (@convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void).self
        )
    }

    /// `destructiveInjectEnumTag`, the enum witness after that: turns a payload back into an
    /// enum value of the given case, in place.
    var destructiveInjectEnumTag: @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void {
        unsafeBitCast(
            pointer.load(fromByteOffset: Self.getEnumTagOffset + 2 * wordSize, as: UnsafeRawPointer.self),
            to: (@convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void).self
        )
    }
}

/// The part of any type's value witness table that every type has
/// (`include/swift/ABI/ValueWitness.def`), read for the alignment of a payload.
private struct ValueWitnessTable {
    let pointer: UnsafeRawPointer

    init(of type: Any.Type) {
        // One word before the metadata's address point (`docs/ABI/TypeMetadata.rst`).
        pointer = unsafeBitCast(type, to: UnsafeRawPointer.self)
            .load(fromByteOffset: -wordSize, as: UnsafeRawPointer.self)
    }

    /// `flags & AlignmentMask` plus one (`TargetValueWitnessFlags::AlignmentMask`, 0xFF,
    /// `include/swift/ABI/Metadata.h`); the flags follow `size` and `stride`.
    var alignment: Int {
        Int(pointer.load(fromByteOffset: 10 * wordSize, as: UInt32.self) & 0xFF) + 1
    }
}

/// The metadata of a tuple type, `TargetTupleTypeMetadata` (`include/swift/ABI/Metadata.h`,
/// `docs/ABI/TypeMetadata.rst`, "Tuple Metadata").
///
/// Layout, in words: kind (`0x301`), `NumElements`, `Labels` (a C string of labels each
/// followed by a space, an empty label for an unlabelled element; or null), then per
/// element two words: its type metadata and its byte offset.
private struct TupleMetadata {
    let pointer: UnsafeRawPointer

    /// `MetadataKind::Tuple` (`include/swift/ABI/MetadataKind.def`: `1 | MetadataKindIsNonStruct | MetadataKindIsNonHeap`).
    private static let tupleKind: UInt = 0x301

    init?(_ type: Any.Type) {
        pointer = unsafeBitCast(type, to: UnsafeRawPointer.self)
        guard pointer.load(as: UInt.self) == Self.tupleKind else { return nil }
    }

    var count: Int {
        pointer.load(fromByteOffset: wordSize, as: Int.self)
    }

    /// One label per element, empty for an unlabelled one.
    var labels: [String] {
        guard let text = pointer.load(fromByteOffset: 2 * wordSize, as: UnsafePointer<CChar>?.self) else {
            return Array(repeating: "", count: count)
        }
        var labels = String(cString: text).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if labels.last == "" { labels.removeLast() }
        return labels.count == count ? labels : Array(repeating: "", count: count)
    }

    func elementType(at index: Int) -> Any.Type {
        pointer.load(fromByteOffset: (3 + 2 * index) * wordSize, as: Any.Type.self)
    }

    /// The element's offset is a 32-bit field followed by padding on every platform but
    /// Apple's, where it is a full word (`TargetTupleTypeMetadata::Element::Offset`); reading
    /// the low 32 bits is right on both, as tuples are far smaller than 4 GiB.
    func elementOffset(at index: Int) -> Int {
        Int(pointer.load(fromByteOffset: (4 + 2 * index) * wordSize, as: UInt32.self))
    }
}

/// An enum's nominal type descriptor, `TargetEnumDescriptor` (`include/swift/ABI/Metadata.h`).
///
/// Layout, 32-bit fields:
/// ```
///  0 Flags                      12 AccessFunctionPtr (relative)
///  4 Parent (relative)          16 Fields (relative, nullable) → field descriptor
///  8 Name (relative)            20 NumPayloadCasesAndPayloadSizeOffset
///                               24 NumEmptyCases
/// ```
private struct EnumDescriptor {
    let pointer: UnsafeRawPointer

    private static let fieldsOffset = 16
    private static let payloadCasesOffset = 20
    private static let emptyCasesOffset = 24
    /// The number of payload cases is in the low 24 bits; the high 8 bits hold the offset
    /// of the payload size in the metadata (`TargetEnumDescriptor::getNumPayloadCases`).
    private static let payloadCasesMask: UInt32 = 0x00FF_FFFF

    var payloadCaseCount: Int {
        Int(pointer.load(fromByteOffset: Self.payloadCasesOffset, as: UInt32.self) & Self.payloadCasesMask)
    }

    /// `ContextDescriptorFlags::isGeneric`, bit 7 of the flags (`include/swift/ABI/MetadataValues.h`).
    var isGeneric: Bool {
        pointer.load(as: UInt32.self) & 0x80 != 0
    }

    var emptyCaseCount: Int {
        Int(pointer.load(fromByteOffset: Self.emptyCasesOffset, as: UInt32.self))
    }

    /// The reflection metadata of the enum's cases; `nil` when the compiler did not emit it
    /// (`-disable-reflection-metadata`, reflection for the debugger only, C enums).
    var fields: FieldDescriptor? {
        relativeTarget(at: pointer + Self.fieldsOffset).map(FieldDescriptor.init)
    }
}

/// A field descriptor, `TargetFieldDescriptor`
/// (`include/swift/RemoteInspection/Records.h`).
///
/// Layout: `MangledTypeName` (relative, 4 bytes), `Superclass` (relative, 4), `Kind`
/// (UInt16), `FieldRecordSize` (UInt16), `NumFields` (UInt32), then `NumFields` records of
/// `FieldRecordSize` bytes each.
///
/// For an enum, the records are in **tag order**, not declaration order: the compiler
/// emits the cases with a payload first, then the cases without one
/// (`lib/IRGen/GenReflection.cpp`, `layoutEnum`), which is also how the runtime's own
/// `Mirror` maps a tag to a case name. Checked with Swift 6.3: for
/// `enum A { case x, y(Int), z, w(String), v(Void) }` the records are y, w, x, z, v —
/// `v(Void)` is among the empty cases although its record has a type name, so a record's
/// type name does not tell whether its case has a payload; the descriptor's counts do.
private struct FieldDescriptor {
    let pointer: UnsafeRawPointer

    private static let kindOffset = 8
    private static let recordSizeOffset = 10
    private static let recordCountOffset = 12
    private static let headerSize = 16

    /// `FieldDescriptorKind::Enum` and `FieldDescriptorKind::MultiPayloadEnum`.
    private static let enumKinds: ClosedRange<UInt16> = 2...3

    /// The field record of the case with tag `index` (records are in tag order), or `nil` when
    /// the descriptor is not an enum's or has no such record.
    func record(at index: Int) -> FieldRecord? {
        let kind = pointer.load(fromByteOffset: Self.kindOffset, as: UInt16.self)
        let recordSize = Int(pointer.load(fromByteOffset: Self.recordSizeOffset, as: UInt16.self))
        let recordCount = Int(pointer.load(fromByteOffset: Self.recordCountOffset, as: UInt32.self))
        guard Self.enumKinds.contains(kind), index < recordCount, recordSize >= FieldRecord.size else { return nil }
        return FieldRecord(pointer: pointer + Self.headerSize + index * recordSize)
    }

    /// The case names in tag order, or `nil` when any is missing
    /// (`-disable-reflection-names`) or the descriptor does not look like an enum's with
    /// `expectedCount` cases.
    func caseNames(expectedCount: Int) -> [String]? {
        let kind = pointer.load(fromByteOffset: Self.kindOffset, as: UInt16.self)
        let recordSize = Int(pointer.load(fromByteOffset: Self.recordSizeOffset, as: UInt16.self))
        let recordCount = Int(pointer.load(fromByteOffset: Self.recordCountOffset, as: UInt32.self))
        guard
            Self.enumKinds.contains(kind),
            recordCount == expectedCount,
            recordSize >= FieldRecord.size
        else {
            assertionFailure("The field descriptor of an enum does not match its type descriptor; the Swift runtime layout changed.")
            return nil
        }
        var names: [String] = []
        names.reserveCapacity(recordCount)
        for index in 0..<recordCount {
            let record = FieldRecord(pointer: pointer + Self.headerSize + index * recordSize)
            guard let name = record.name else { return nil }
            names.append(name)
        }
        return names
    }
}

/// A field record, `TargetFieldRecord` (`include/swift/RemoteInspection/Records.h`).
///
/// Layout: `Flags` (UInt32; bit 0 `IsIndirectCase`), `MangledTypeName` (relative, 4 bytes,
/// null for a case declared without payload), `FieldName` (relative, 4 bytes, a
/// NUL-terminated UTF-8 string; null with `-disable-reflection-names`).
private struct FieldRecord {
    let pointer: UnsafeRawPointer

    static let size = 12
    private static let typeNameOffset = 4
    private static let nameOffset = 8
    /// `FieldRecordFlags::IsIndirectCase`.
    private static let indirectCaseFlag: UInt32 = 0x1

    /// Whether the case is `indirect`, its payload in a heap box.
    var isIndirectCase: Bool {
        pointer.load(as: UInt32.self) & Self.indirectCaseFlag != 0
    }

    /// The declared type of the case's payload, resolved by the runtime from the record's
    /// mangled type name in the enum's generic context; `nil` when there is none.
    func payloadType(in metadata: EnumMetadata) -> Any.Type? {
        guard let name = relativeTarget(at: pointer + Self.typeNameOffset) else { return nil }
        let bytes = name.assumingMemoryBound(to: UInt8.self)
        // The standard library's entry to `swift_getTypeByMangledNameInContext`
        // (`include/swift/Runtime/Metadata.h`), the function compiled code calls to turn a
        // mangled name into metadata; swift-case-paths resolves payload types the same way.
        return _getTypeByMangledNameInContext(
            bytes, UInt(mangledNameLength(bytes)),
            genericContext: metadata.descriptor.pointer,
            genericArguments: metadata.genericArguments
        )
    }

    /// Whether the case's declared payload type is a bare generic parameter of the enum
    /// (`case value(Payload)`): a mangled name `x` (depth 0, index 0) or `q` followed by a
    /// generic parameter index (`docs/ABI/Mangling.rst`: `generic-param-index ::= 'z' | INDEX
    /// | 'd' INDEX INDEX`, `INDEX ::= '_' | NATURAL '_'`).
    var isGenericParameter: Bool {
        guard let name = relativeTarget(at: pointer + Self.typeNameOffset) else { return false }
        let bytes = name.assumingMemoryBound(to: UInt8.self)
        var rest = UnsafeBufferPointer(start: bytes, count: mangledNameLength(bytes))[...]
        func take(_ character: Character) -> Bool {
            guard rest.first == character.asciiValue else { return false }
            rest.removeFirst()
            return true
        }
        func takeIndex() -> Bool {
            while let byte = rest.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                rest.removeFirst()
            }
            return take("_")
        }
        if take("x") { return rest.isEmpty }
        guard take("q") else { return false }
        if take("z") { return rest.isEmpty }
        if take("d") { return takeIndex() && takeIndex() && rest.isEmpty }
        return takeIndex() && rest.isEmpty
    }

    var name: String? {
        relativeTarget(at: pointer + Self.nameOffset).map {
            String(cString: $0.assumingMemoryBound(to: UInt8.self))
        }
    }
}

/// Resolves a nullable 32-bit relative direct pointer, `RelativeDirectPointer`
/// (`include/swift/Basic/RelativePointer.h`): a signed offset from the field's own
/// address, where `0` means null.
private func relativeTarget(at field: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = field.load(as: Int32.self)
    return offset == 0 ? nil : field + Int(offset)
}

/// The length of a mangled type name, whose symbolic references may contain zero bytes
/// (`docs/ABI/Mangling.rst`, "Symbolic references": `0x01`–`0x17` take a 4-byte relative
/// reference, `0x18`–`0x1F` a pointer).
private func mangledNameLength(_ name: UnsafePointer<UInt8>) -> Int {
    var cursor = name
    while true {
        switch cursor.pointee {
        case 0: return cursor - name
        case 0x01...0x17: cursor += 5
        case 0x18...0x1F: cursor += 1 + wordSize
        default: cursor += 1
        }
    }
}
