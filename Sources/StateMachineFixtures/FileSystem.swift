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

    static func read(_ path: String) throws(Error) -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw Error(path: path, reason: systemReason()) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { bytes.append(contentsOf: buffer[..<count]) }
            if count < buffer.count {
                if ferror(file) != 0 { throw Error(path: path, reason: systemReason()) }
                return bytes
            }
        }
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
        var files: [String] = []
        for path in paths {
            if isDirectory(path) {
                guard let directory = opendir(path) else { throw Error(path: path, reason: systemReason()) }
                var names: [String] = []
                while let entry = readdir(directory) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    if name.hasSuffix(".json") && !name.hasPrefix(".") { names.append(name) }
                }
                closedir(directory)
                let folder = path.hasSuffix("/") ? path : path + "/"
                files += names.sorted().map { folder + $0 }
            } else if access(path, F_OK) == 0 {
                files.append(path)
            } else {
                throw Error(path: path, reason: "no such file or folder")
            }
        }
        return files
    }

    /// `seed-004-matter` for `Fixtures/seed-004-matter.json`.
    public static func baseName(_ path: String, removingSuffix suffix: String = "") -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        return name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}
