import StateMachineFixtures

/// What the driver needs to know of a user's Swift package (`swift package dump-package`): its library products and
/// the platforms it declares, so that a harness can depend on the module that holds the user's machine.
struct SwiftPackageDescription {
    struct Product {
        let name: String
        let targets: [String]
        let isLibrary: Bool
    }

    let folder: String
    let products: [Product]
    /// `.macOS("13.0")` and the like, as the harness's own `platforms:` line writes them.
    let platforms: [String]

    static func read(_ folder: String, work: String) throws(DriverError) -> SwiftPackageDescription {
        let output = "\(work)/dump-package.json"
        var options = ChildProcess.Options()
        options.standardOutput = output
        options.standardError = "\(work)/dump-package.log"
        options.newGroup = true
        // A scratch folder of its own: the package's own build folder may be held by the plugin that runs this.
        let ending = try ChildProcess.start(["swift", "package", "--package-path", folder, "--scratch-path",
                                             "\(folder)/.build/statemachine-compare/describe", "dump-package"], options: options).wait().ending
        guard ending == .exited(0), let text = DriverFiles.read(output),
              case .success(.object(let members)) = JSONMembers.document(text, file: "Package.swift") else {
            let why = (DriverFiles.read("\(work)/dump-package.log") ?? "").split(separator: "\n").prefix(5).joined(separator: "\n")
            throw DriverError("the Swift package in \(folder) could not be read (swift package dump-package, \(ending)):\n\(why)")
        }
        func member(_ object: [(key: String, value: JSONMembers.Document, line: Int)], _ key: String) -> JSONMembers.Document? {
            object.first { $0.key == key }?.value
        }
        var products: [Product] = []
        if case .array(let items)? = member(members, "products") {
            for item in items {
                guard case .object(let product) = item, case .string(let name)? = member(product, "name") else { continue }
                var targets: [String] = []
                if case .array(let names)? = member(product, "targets") {
                    for case .string(let target) in names { targets.append(target) }
                }
                var isLibrary = false
                if case .object(let type)? = member(product, "type") { isLibrary = type.contains { $0.key == "library" } }
                products.append(Product(name: name, targets: targets, isLibrary: isLibrary))
            }
        }
        var platforms: [String] = []
        let spelling = ["macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS", "maccatalyst": "macCatalyst"]
        if case .array(let items)? = member(members, "platforms") {
            for item in items {
                guard case .object(let platform) = item, case .string(let name)? = member(platform, "platformName"),
                      case .string(let version)? = member(platform, "version"), let swiftName = spelling[name] else { continue }
                platforms.append(".\(swiftName)(\(HarnessPackage.literal(version)))")
            }
        }
        return SwiftPackageDescription(folder: folder, products: products, platforms: platforms)
    }

    /// The library product that holds `module`.
    func library(holding module: String) throws(DriverError) -> Product {
        if let product = products.first(where: { $0.isLibrary && $0.targets.contains(module) }) { return product }
        throw DriverError("the module \(module) is in no library product of the package in \(folder): add `.library(name: \"\(module)\", targets: [\"\(module)\"])` to its products, so that the comparison can link your machine")
    }
}
