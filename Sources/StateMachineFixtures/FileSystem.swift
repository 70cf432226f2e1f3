#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations the fixture tools need, without Foundation.
public enum FileSystem {

    /// An operating-system error, with the path and the system's reason.
    public struct Error: Swift.Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The largest fixture file read, 16 MiB: the shared fixtures are a few kilobytes and a
    /// machine of 10 000 states about 1 MiB. A larger file is an error, not a read until memory
    /// runs out (`/dev/zero`).
    public static let maximumFileSize = 16 << 20

    /// The bytes of the regular file at `path`, at most ``maximumFileSize`` of them.
    ///
    /// - Throws: ``FileSystem/Error`` when the file cannot be opened, is not a regular file (a
    ///   folder, a named pipe, a device, a socket: reading those could block or never end), or
    ///   is larger than ``maximumFileSize``.
    static func read(_ path: String) throws(Error) -> [UInt8] {
        try read(path, maximumSize: maximumFileSize, kind: "a fixture file")
    }

    /// The bytes of the regular file at `path`, refused before reading when there are more than
    /// `maximumSize` of them.
    ///
    /// - Parameters:
    ///   - kind: What the file is, for the message of a file too large: `"a Swift source"`.
    /// - Throws: ``FileSystem/Error`` when the file cannot be opened, is not a regular file (a
    ///   folder, a named pipe, a device, a socket: reading those could block or never end), or
    ///   is too large.
    package static func read(_ path: String, maximumSize: Int, kind: String) throws(Error) -> [UInt8] {
        // Non-blocking, so that opening a named pipe without a writer returns at once.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Error(path: path, reason: reason(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Error(path: path, reason: reason(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw Error(path: path, reason: "\(self.kind(info.st_mode)), not a regular file")
        }
        let tooLarge = "too large: more than \(sizeDescription(maximumSize)), the most \(kind) may have"
        guard Int(info.st_size) <= maximumSize else { throw Error(path: path, reason: tooLarge) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Error(path: path, reason: reason(errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[..<count])
            // The file may have grown since fstat.
            if bytes.count > maximumSize { throw Error(path: path, reason: tooLarge) }
        }
    }

    /// The bytes of the regular file at `path`, read as the fixture reader reads fixtures, for tools
    /// beside it.
    ///
    /// - Throws: ``FileSystem/Error`` when the file cannot be opened, is not a regular file (a
    ///   folder, a named pipe, a device, a socket), or is larger than ``maximumFileSize``.
    public static func contents(of path: String) throws(Error) -> [UInt8] {
        try read(path)
    }

    /// `16 MiB`, `512 KiB`, `100 bytes`.
    package static func sizeDescription(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// Whether `path` is a folder.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The fixture files a command line names: a file as is, a folder as its `*.json` files in
    /// name order.
    ///
    /// - Throws: ``FileSystem/Error`` when a path does not exist or a folder cannot be read.
    public static func fixtureFiles(at paths: [String]) throws(Error) -> [String] {
        try files(at: paths, suffix: ".json", recursive: false)
    }

    /// The files a command line names: a file as is (whatever it is: reading it says what is
    /// wrong), a folder as its files whose names end in `suffix`, in name order; with `recursive`,
    /// also those of its subfolders, each after the files of its parent, skipping hidden folders
    /// (`.git`, `.build`) and not following links to folders.
    ///
    /// - Throws: ``FileSystem/Error`` when a path does not exist (or is a link loop), or a folder
    ///   cannot be read.
    package static func files(at paths: [String], suffix: String, recursive: Bool) throws(Error) -> [String] {
        var files: [String] = []
        for path in paths {
            guard isDirectory(path) else {
                var info = stat()
                guard stat(path, &info) == 0 else { throw Error(path: path, reason: reason(errno)) }
                files.append(path)
                continue
            }
            var folders = [path.hasSuffix("/") ? String(path.dropLast()) : path]
            while let folder = folders.popLast() {
                let entries = try entries(of: folder)
                files += entries.filter { !$0.isFolder && $0.name.hasSuffix(suffix) && !$0.name.hasPrefix(".") }
                    .map { folder + "/" + $0.name }
                if recursive {
                    // Popped from the end: reversed, so that subfolders are read in name order.
                    folders += entries.filter { $0.isFolder && !$0.name.hasPrefix(".") }.map { folder + "/" + $0.name }.reversed()
                }
            }
        }
        return files
    }

    /// The names in `folder`, sorted, each marked when it is a folder itself (not a link to one).
    private static func entries(of folder: String) throws(Error) -> [(name: String, isFolder: Bool)] {
        guard let directory = opendir(folder) else { throw Error(path: folder, reason: systemReason()) }
        defer { closedir(directory) }
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            var info = stat()
            let isFolder = lstat(folder + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            entries.append((name, isFolder))
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// Writes `text` as UTF-8 to the file at `path`, replacing it.
    ///
    /// - Throws: ``FileSystem/Error`` when the file cannot be created or written.
    package static func write(_ text: String, to path: String) throws(Error) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw Error(path: path, reason: reason(errno)) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { writeBytes(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else {
                let code = errno
                _ = close(descriptor)
                throw Error(path: path, reason: reason(code))
            }
            bytes = bytes.dropFirst(written)
        }
        guard close(descriptor) == 0 else { throw Error(path: path, reason: reason(errno)) }
    }

    /// `seed-004-matter` for `Fixtures/seed-004-matter.json`.
    public static func baseName(_ path: String, removingSuffix suffix: String = "") -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        return name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name
    }

    private static func systemReason() -> String {
        reason(errno)
    }

    /// What an `errno` means, said for a fixture path.
    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file or folder"
        case ELOOP: "a symbolic link loop (too many levels of symbolic links)"
        case EACCES: "permission denied"
        case ENOTDIR: "a part of the path is not a folder"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// What a file that is not a regular file is, from its mode.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}

/// The system's `read`, which `FileSystem.read` hides inside the enum.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// The system's `write`, which `FileSystem.write` hides inside the enum.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
