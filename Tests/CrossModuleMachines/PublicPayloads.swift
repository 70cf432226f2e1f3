import StateMachine

// `public` enums whose payloads are of every kind that reflection must either read exactly or
// refuse: functions, existentials, metatypes, generic parameters, tuples and optionals. Used by
// `CrossModuleTests`, which reads them from another module.

/// A `public` class, to check that references keep their identity.
public final class PublicNode: Sendable {
    public let id: Int
    public init(_ id: Int) { self.id = id }
}

/// A `public` enum with one case per payload kind.
public enum PublicPayloads: StateMachineHashable {
    case callback(run: () -> Int, attempts: Int)
    case transform((String) -> String)
    case failure(any Error)
    case anything(Any)
    case node(PublicNode)
    case maybe(node: PublicNode?, count: Int)
    case nodeType(PublicNode.Type)
    case valueType(kind: Int.Type, count: Int)
    case pair(left: Int, right: String)

    public enum HashableIdentifier: String {
        case callback, transform, failure, anything, node, maybe, nodeType, valueType, pair
    }
}

/// A `public` generic enum whose payload is its generic parameter.
public enum PublicBox<Payload>: StateMachineHashable {
    case value(Payload)
    case empty

    public enum HashableIdentifier: String { case value, empty }
}
