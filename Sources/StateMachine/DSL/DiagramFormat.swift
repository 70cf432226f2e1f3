extension StateMachineTypes {

    /// The text formats of ``Definition/diagram(format:)``.
    public enum DiagramFormat: String, CaseIterable, Sendable {
        /// A Mermaid `stateDiagram-v2`, which GitHub renders in Markdown code blocks marked
        /// `mermaid`.
        case mermaid
        /// A Graphviz `digraph`, rendered with `dot -Tsvg machine.dot > machine.svg`.
        case dot
    }
}
