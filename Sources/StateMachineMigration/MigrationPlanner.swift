import SwiftSyntax

/// Walks a source tree and collects the edits and diagnostics of ``Migration``.
final class MigrationPlanner: SyntaxVisitor {

    let file: String
    let converter: SourceLocationConverter
    let lines: SourceLines
    let inlineSections: [Range<Int>]
    let isSourceryOutput: Bool

    private(set) var edits: [TextEdit] = []
    private(set) var diagnostics: [MigrationDiagnostic] = []

    /// Lines longer than this get the multi-line form of `HashableIdentifier`.
    private let maximumLineLength = 100

    init(file: String, converter: SourceLocationConverter, lines: SourceLines, inlineSections: [Range<Int>],
         isSourceryOutput: Bool) {
        self.file = file
        self.converter = converter
        self.lines = lines
        self.inlineSections = inlineSections
        self.isSourceryOutput = isSourceryOutput
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: - Enums

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !isInInlineSection(node) else { return .skipChildren }
        let macro = node.attributes.compactMap { element -> AttributeSyntax? in
            guard case .attribute(let attribute) = element, Self.isMacroName(attribute.attributeName) else { return nil }
            return attribute
        }.first
        let inherited = Array(node.inheritanceClause?.inheritedTypes ?? [])
        let auto = inherited.firstIndex { Self.isName($0.type, "AutoStateMachineHashable") }
        let conforms = inherited.contains { Self.isName($0.type, "StateMachineHashable") }
        let annotation = sourceryAnnotation(of: node)
        guard macro != nil || auto != nil || annotation != nil else { return .visitChildren }

        if let macro { removeAttribute(macro) }
        if let annotation { edits.append(.remove(annotation.lowerBound, annotation.upperBound)) }
        if let auto {
            if conforms {
                removeInherited(at: auto, of: inherited)
            } else {
                let type = inherited[auto].type
                edits.append(TextEdit(
                    start: type.positionAfterSkippingLeadingTrivia.utf8Offset,
                    end: type.endPositionBeforeTrailingTrivia.utf8Offset,
                    replacement: "StateMachineHashable"
                ))
            }
        } else if !conforms {
            if let last = inherited.last {
                edits.append(.insert(", StateMachineHashable", at: last.endPositionBeforeTrailingTrivia.utf8Offset))
            } else {
                let end = node.genericParameterClause?.endPositionBeforeTrailingTrivia ?? node.name.endPositionBeforeTrailingTrivia
                edits.append(.insert(": StateMachineHashable", at: end.utf8Offset))
            }
        }
        addHashableIdentifier(to: node)
        return .visitChildren
    }

    /// Adds `enum HashableIdentifier: String { case … }` when a case carries values and the enum
    /// has no `HashableIdentifier` of its own.
    private func addHashableIdentifier(to node: EnumDeclSyntax) {
        let members = node.memberBlock.members
        let items = caseItems(members)
        guard items.contains(where: \.hasPayload), !declaresIdentifier(members) else { return }

        let access = node.modifiers.first { ["public", "package"].contains($0.name.text) }.map { "\($0.name.text) " } ?? ""
        let rightBrace = node.memberBlock.rightBrace
        let closingTrivia = rightBrace.leadingTrivia
        let lastMember = members.last { !isInInlineSection($0) }
        guard closingTrivia.contains(where: \.isNewline), let firstMember = members.first else {
            // A one-line enum: `enum X { case a(Int), b }` gets `; enum HashableIdentifier…` after its members.
            let names = items.flatMap(\.allNames).joined(separator: ", ")
            let end = lastMember?.endPositionBeforeTrailingTrivia ?? node.memberBlock.leftBrace.endPositionBeforeTrailingTrivia
            edits.append(.insert("; \(access)enum HashableIdentifier: String { case \(names) }", at: end.utf8Offset))
            return
        }
        let closingIndent = Self.indentation(after: closingTrivia)
        let memberIndent = firstMember.leadingTrivia.contains(where: \.isNewline)
            ? Self.indentation(after: firstMember.leadingTrivia) : closingIndent + "    "
        let unit = memberIndent.count > closingIndent.count && memberIndent.hasPrefix(closingIndent)
            ? String(memberIndent.dropFirst(closingIndent.count)) : "    "

        var text: String
        let oneLine = "\(memberIndent)\(access)enum HashableIdentifier: String { case \(items.flatMap(\.allNames).joined(separator: ", ")) }"
        if !items.contains(where: \.isConditional), oneLine.count <= maximumLineLength {
            text = oneLine + "\n"
        } else {
            text = "\(memberIndent)\(access)enum HashableIdentifier: String {\n"
            for line in items.flatMap({ $0.lines(indent: unit) }) {
                text += "\(memberIndent)\(unit)\(line)\n"
            }
            text += "\(memberIndent)}\n"
        }
        let braceLineStart = rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset - closingIndent.utf8.count
        edits.append(.insert(text, at: braceLineStart))
    }

    /// The cases of a member list, with the `#if` blocks around them.
    private func caseItems(_ members: MemberBlockItemListSyntax) -> [CaseItem] {
        members.compactMap { member -> CaseItem? in
            guard !isInInlineSection(member) else { return nil }
            if let declaration = member.decl.as(EnumCaseDeclSyntax.self) {
                return .cases(
                    declaration.elements.map(\.name.text),
                    hasPayload: declaration.elements.contains { $0.parameterClause != nil }
                )
            }
            if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
                let clauses = conditional.clauses.map { clause -> (String, [CaseItem]) in
                    let directive = [clause.poundKeyword.text, clause.condition?.trimmedDescription]
                        .compactMap { $0 }.joined(separator: " ")
                    guard case .decls(let nested) = clause.elements else { return (directive, []) }
                    return (directive, caseItems(nested))
                }
                guard clauses.contains(where: { !$0.1.isEmpty }) else { return nil }
                return .conditional(clauses)
            }
            return nil
        }
    }

    private func declaresIdentifier(_ members: MemberBlockItemListSyntax) -> Bool {
        members.contains { member in
            guard !isInInlineSection(member) else { return false }
            if let nested = member.decl.as(EnumDeclSyntax.self) { return nested.name.text == "HashableIdentifier" }
            if let alias = member.decl.as(TypeAliasDeclSyntax.self) { return alias.name.text == "HashableIdentifier" }
            if let nested = member.decl.as(StructDeclSyntax.self) { return nested.name.text == "HashableIdentifier" }
            if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
                return conditional.clauses.contains { clause in
                    guard case .decls(let nested) = clause.elements else { return false }
                    return declaresIdentifier(nested)
                }
            }
            return false
        }
    }

    /// Removes `@StateMachineHashable` and the blanks after it, keeping the comments before it.
    private func removeAttribute(_ attribute: AttributeSyntax) {
        let start = attribute.positionAfterSkippingLeadingTrivia.utf8Offset
        guard let next = attribute.lastToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate) else { return }
        let between = attribute.trailingTrivia + next.leadingTrivia
        if between.allSatisfy(\.isWhitespace) {
            edits.append(.remove(start, next.positionAfterSkippingLeadingTrivia.utf8Offset))
        } else {
            // A comment follows: remove the attribute and the blanks before the comment only.
            var end = attribute.endPositionBeforeTrailingTrivia.utf8Offset
            for piece in attribute.trailingTrivia {
                switch piece {
                case .spaces, .tabs: break
                default: return edits.append(.remove(start, end))
                }
                end += piece.sourceLength.utf8Length
            }
            edits.append(.remove(start, end))
        }
    }

    /// Removes one entry of an inheritance clause with its comma.
    private func removeInherited(at index: Int, of inherited: [InheritedTypeSyntax]) {
        let entry = inherited[index]
        if index + 1 < inherited.count {
            edits.append(.remove(entry.positionAfterSkippingLeadingTrivia.utf8Offset,
                                 inherited[index + 1].positionAfterSkippingLeadingTrivia.utf8Offset))
        } else if index > 0, let comma = inherited[index - 1].trailingComma {
            edits.append(.remove(comma.positionAfterSkippingLeadingTrivia.utf8Offset,
                                 entry.endPositionBeforeTrailingTrivia.utf8Offset))
        }
    }

    /// The line of a `// sourcery: AutoStateMachineHashable` annotation above a declaration.
    private func sourceryAnnotation(of node: some SyntaxProtocol) -> Range<Int>? {
        var offset = node.position.utf8Offset
        for piece in node.leadingTrivia {
            defer { offset += piece.sourceLength.utf8Length }
            let words: Substring
            switch piece {
            case .lineComment(let text): words = text.dropFirst(2).trimmingBlanksSubstring()
            case .docLineComment(let text): words = text.dropFirst(3).trimmingBlanksSubstring()
            default: continue
            }
            guard words.hasPrefix("sourcery:"),
                  words.dropFirst("sourcery:".count).trimmingBlanksSubstring() == "AutoStateMachineHashable"
            else { continue }
            return lines.lineStart(of: offset)..<lines.lineEnd(of: offset)
        }
        return nil
    }

    // MARK: - Extensions

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !isInInlineSection(node) else { return .skipChildren }
        let inherited = node.inheritanceClause?.inheritedTypes ?? []
        let name = node.extendedType.trimmedDescription
        if inherited.contains(where: { Self.isName($0.type, "AutoStateMachineHashable") }) {
            report(node.extensionKeyword, """
                `extension \(name): AutoStateMachineHashable` is not rewritten: declare `StateMachineHashable` \
                on the enum itself, with a nested `enum HashableIdentifier: String { case … }` naming its cases \
                when some case carries values
                """)
        } else if isSourceryOutput, inherited.contains(where: { Self.isName($0.type, "StateMachineHashable") }),
                  declaresIdentifier(node.memberBlock.members) {
            var start = node.position.utf8Offset
            var offset = start
            for piece in node.leadingTrivia {
                offset += piece.sourceLength.utf8Length
                if !piece.isWhitespace { start = offset }
            }
            edits.append(.remove(start, node.endPositionBeforeTrailingTrivia.utf8Offset))
            report(node.extensionKeyword, """
                removed the conformance of `\(name)` that Sourcery generated from AutoStateMachineHashable: \
                the migrated enum declares its own; remove the template from the Sourcery configuration
                """, severity: .note)
        }
        return .visitChildren
    }

    // MARK: - Constructs to change by hand

    /// Names that `typealias X = ….Invalid` declares in the file, for `X()`.
    var invalidAliases: Set<String> = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let namesInvalid: Bool
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            namesInvalid = member.declName.baseName.text == "Invalid"
        } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            namesInvalid = invalidAliases.contains(reference.baseName.text)
        } else {
            namesInvalid = false
        }
        if namesInvalid, node.arguments.isEmpty, node.trailingClosure == nil {
            let written = node.calledExpression.trimmedDescription
            report(node, """
                `\(written)()` does not compile: `Transition.Invalid` carries the state and the event; write \
                `\(written)(fromState: …, event: …)`, or test the error's type with \
                `error is StateMachine<State, Event, SideEffect>.Transition.Invalid`
                """)
        }
        return .visitChildren
    }

    // MARK: - Helpers

    private func report(_ node: some SyntaxProtocol, _ message: String, severity: MigrationDiagnostic.Severity = .warning) {
        let location = node.startLocation(converter: converter)
        diagnostics.append(MigrationDiagnostic(
            file: file, line: location.line, column: location.column, message: message, severity: severity
        ))
    }

    private func isInInlineSection(_ node: some SyntaxProtocol) -> Bool {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        return inlineSections.contains { $0.contains(offset) }
    }

    private static func isMacroName(_ type: TypeSyntax) -> Bool {
        isName(type, "StateMachineHashable")
    }

    /// Whether a type is `name` or `StateMachine.name`.
    private static func isName(_ type: TypeSyntax, _ name: String) -> Bool {
        let written = type.trimmedDescription
        return written == name || written == "StateMachine.\(name)"
    }

    /// The blanks after the last line break of a trivia.
    private static func indentation(after trivia: Trivia) -> String {
        var indent = ""
        for piece in trivia {
            switch piece {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: indent = ""
            case .spaces(let count): indent += String(repeating: " ", count: count)
            case .tabs(let count): indent += String(repeating: "\t", count: count)
            default: indent = ""
            }
        }
        return indent
    }
}
