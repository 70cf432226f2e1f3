// What Swift's overlay of Darwin adds to the C declarations of darwin.h (module `DarwinC`), with
// the overlay's signatures, for scripts/check-apple-platforms. The bodies are never run: this
// module is only type-checked against.
@_exported import DarwinC

/// The overlay's `errno`: a computed variable over `__error()`, so reading it is safe from any
/// thread.
public var errno: Int32 {
    get { __error().pointee }
    set { __error().pointee = newValue }
}

/// The overlay's `open`: C's is variadic, which Swift does not import.
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 {
    fatalError("type-checked only")
}

public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 {
    fatalError("type-checked only")
}
