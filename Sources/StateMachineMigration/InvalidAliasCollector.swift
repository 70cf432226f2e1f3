import SwiftSyntax

/// The names of `typealias X = ….Invalid` declarations anywhere in a source, as Tinder's tests
/// write `typealias InvalidTransition = TestStateMachine.Transition.Invalid`.
final class InvalidAliasCollector: SyntaxVisitor {

    private(set) var names: Set<String> = []

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        let value = node.initializer.value.trimmedDescription
        if value == "Invalid" || value.hasSuffix(".Invalid") {
            names.insert(node.name.text)
        }
        return .skipChildren
    }
}
