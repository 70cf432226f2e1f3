extension StateMachineTypes {

    /// How a diagram names the node that handlers whose targets are not known lead to, and the
    /// legend line, written under the diagram, that says why and what to do.
    @_spi(Tooling)
    public struct UndeclaredTargetText: Sendable {
        /// The node's label: `? (no to:)`.
        public let node: String
        /// The legend line, drawn when some edge leads to the node.
        public let legend: String

        public init(node: String, legend: String) {
            self.node = node
            self.legend = legend
        }

        /// For definitions written in Swift: the handler declares no targets with `to:`.
        static let declaredTargets = UndeclaredTargetText(
            node: "? (no to:)",
            legend: "? (no to:): a handler without to: may lead to any state. Declare the states it leads to: on(.event, to: .state)"
        )
    }
}
