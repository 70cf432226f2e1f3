import CProcessControl
import StateMachineFixtures

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files and folders the driver reads and writes.
enum DriverFiles {
    static func read(_ path: String) -> String? {
        guard let bytes = try? FileSystem.read(path, maximumSize: 256 << 20, kind: "file") else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ text: String, to path: String) throws(DriverError) {
        try save(text, to: path, mode: "w")
    }

    static func append(_ text: String, to path: String) throws(DriverError) {
        try save(text, to: path, mode: "a")
    }

    private static func save(_ text: String, to path: String, mode: String) throws(DriverError) {
        guard let file = fopen(path, mode) else { throw DriverError("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        guard fputs(text, file) >= 0 else { throw DriverError("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Makes `path` and the folders above it.
    static func makeFolder(_ path: String) throws(DriverError) {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/\(part)"
            if mkdir(built, 0o755) != 0, errno != EEXIST {
                throw DriverError("cannot make the folder \(built): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// A new empty folder in the temporary folder (`TMPDIR`, else /tmp).
    static func temporaryFolder(_ prefix: String) throws(DriverError) -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw DriverError("cannot make a temporary folder in \(base): \(String(cString: strerror(errno)))")
        }
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    static func remove(_ path: String) {
        _ = cpc_remove_tree(path)
    }

    /// The absolute form of `path`, relative to the current folder; the folders need not exist.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let current = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path == "." ? current : "\(current)/\(path.hasPrefix("./") ? String(path.dropFirst(2)) : path)"
    }

    /// The files under `folder` whose names end with `suffix`, in byte order of their paths.
    static func files(under folder: String, suffix: String) -> [String] {
        guard FileSystem.isDirectory(folder),
              let files = try? FileSystem.files(at: [folder], suffix: suffix, recursive: true) else { return [] }
        return files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    static func copy(_ source: String, to destination: String) throws(DriverError) {
        guard let text = read(source) else { throw DriverError("cannot read \(source)") }
        try write(text, to: destination)
    }

    /// This project's checkout (its scripts), from where this file was compiled.
    static var repository: String {
        var path = "\(#filePath)"
        for _ in 0..<4 {
            if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
        }
        return path
    }

    static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

extension StringProtocol {
    /// The offset in UTF-8 bytes of the first `text` in this string, or nil (without Foundation).
    func offset(of text: String) -> Int? {
        let bytes = Array(utf8)
        let marker = Array(text.utf8)
        guard !marker.isEmpty, bytes.count >= marker.count else { return nil }
        return (0...(bytes.count - marker.count)).first { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }
    }

    /// What follows the first `marker`, or the whole string when it has none.
    func after(_ marker: String) -> String {
        guard let offset = offset(of: marker) else { return String(self) }
        return String(decoding: utf8.dropFirst(offset + marker.utf8.count), as: UTF8.self)
    }

    /// Whether `text` is in this string.
    func holds(_ text: String) -> Bool { offset(of: text) != nil }
}

extension DriverFiles {
    /// Makes `path` a symbolic link to `target`.
    static func link(_ path: String, to target: String) throws(DriverError) {
        guard symlink(target, path) == 0 else {
            throw DriverError("cannot link \(path) to \(target): \(String(cString: strerror(errno)))")
        }
    }
}

/// The driver's own messages, written straight to the standard streams' descriptors.
enum StandardStreams {
    static func error(_ line: String) {
        errorText(line + "\n")
    }

    static func errorText(_ text: String) {
        write(text, to: 2)
    }

    static func output(_ text: String) {
        write(text, to: 1)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc_or_Darwin_write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            bytes = bytes.dropFirst(count)
        }
    }
}

#if canImport(Glibc)
private let Glibc_or_Darwin_write = Glibc.write
#elseif canImport(Darwin)
private let Glibc_or_Darwin_write = Darwin.write
#endif
