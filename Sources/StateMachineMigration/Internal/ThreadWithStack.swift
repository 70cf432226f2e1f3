#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a thread of its own whose stack has `stackSize` bytes, and returns its result
/// once that thread has finished.
///
/// swift-syntax's parser and visitors recurse once per level of nesting (a few kilobytes a level in
/// a debug build), so how much stack a source needs depends on the source, not on the thread that
/// happens to call ``Migration/migrate(source:file:)`` (secondary threads may have 512 KiB).
/// Memory is only used as deep as the recursion goes. When no thread can be made, `body` runs on
/// the calling thread.
func runOnThread<Result>(stackSize: Int, _ body: () -> Result) -> Result {
    var result: Result?
    withoutActuallyEscaping(body) { body in
        let work = ThreadWork { result = body() }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        let page = 1 << 16
        pthread_attr_setstacksize(&attributes, (stackSize + page - 1) / page * page)
        let context = Unmanaged.passRetained(work).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        guard pthread_create(&thread, &attributes, runThreadWork, context) == 0 else {
            Unmanaged<ThreadWork>.fromOpaque(context).release()
            work.body()
            return
        }
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
    }
    return result!
}

/// The closure a thread made by ``runOnThread(stackSize:_:)`` runs.
private final class ThreadWork {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

#if canImport(Darwin)
private func runThreadWork(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue().body()
    return nil
}
#else
private func runThreadWork(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadWork>.fromOpaque(context!).takeRetainedValue().body()
    return nil
}
#endif
