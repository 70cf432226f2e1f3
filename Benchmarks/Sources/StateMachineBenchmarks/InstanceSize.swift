import MallocCounter

/// The size of the heap block holding a class instance, as the allocator reports it
/// (`malloc_usable_size`, glibc), or 0 where unavailable.
func instanceSize(of object: AnyObject) -> Int {
    Int(malloc_counter_usable_size(Unmanaged.passUnretained(object).toOpaque()))
}
