package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtAnnotationEntry
import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtCallableReferenceExpression
import org.jetbrains.kotlin.psi.KtClassLiteralExpression
import org.jetbrains.kotlin.psi.KtContainerNodeForControlStructureBody
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtIfExpression
import org.jetbrains.kotlin.psi.KtImportDirective
import org.jetbrains.kotlin.psi.KtLambdaExpression
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtPackageDirective
import org.jetbrains.kotlin.psi.KtQualifiedExpression
import org.jetbrains.kotlin.psi.KtSimpleNameExpression
import org.jetbrains.kotlin.psi.KtSuperTypeCallEntry
import org.jetbrains.kotlin.psi.KtSuperTypeEntry
import org.jetbrains.kotlin.psi.KtSuperTypeListEntry
import org.jetbrains.kotlin.psi.KtTypeReference
import org.jetbrains.kotlin.psi.KtUserType
import org.jetbrains.kotlin.psi.KtWhenEntry
import org.jetbrains.kotlin.psi.KtWhenExpression
import org.jetbrains.kotlin.types.typeUtil.supertypes
import java.io.ByteArrayOutputStream
import java.io.File
import java.io.PrintStream

/**
 * Stand-ins derived from the Kotlin compiler's own diagnostics (Spec/VERIFY.md, V11), so that `--verify` compiles the
 * original whatever it imports: the job's Kotlin (`plan/kotlin`, `plan/stubs`) is compiled; each `unresolved reference
 * 'X'` at `file:line:column` is read with the shape of its use there (an import, a type, a supertype, an annotation, a
 * constructor call, a call with its arguments, a property read or write, a member reached through a name); stand-in
 * declarations are written to `plan/stubs/standins.PACKAGE.kt`; and the Kotlin is compiled again, until it compiles,
 * a round changes nothing, or [ROUNDS] rounds have run. A diagnostic `type mismatch … actual type is 'StandInValue',
 * but 'T' was expected` at a stand-in's call or read gives that stand-in the result type T.
 *
 * `plan/standins.txt` lists what was declared (`declared NAME`) and each reference no stand-in could be derived for
 * (`refused FILE:LINE:COLUMN: NAME: REASON`); the driver names the refused ones when the Kotlin still does not compile.
 * `plan/kotlinc.log` holds the compiler's messages of the last round, and [classes], when given, the classes of the
 * last round once it compiles: the first round is the job's plain compile, so the driver compiles nothing else.
 */
class StandIns(private val plan: File, private val classpath: String, private val classes: File? = null) {

    private val model = StandInModel()
    private val refused = linkedMapOf<String, String>()
    private val sources: Map<String, KotlinSource> by lazy {
        kotlinFiles().associate { file -> file.canonicalPath to KotlinSource.parse(file.path, file.readText()) }
    }

    private fun kotlinFiles(): List<File> = File(plan, "kotlin").walkTopDown().filter { it.isFile && it.name.endsWith(".kt") }.sortedBy { it.path }.toList()

    private fun stubFiles(): List<File> = File(plan, "stubs").walkTopDown().filter { it.isFile && it.name.endsWith(".kt") }.sortedBy { it.path }.toList()

    /** Runs the rounds; returns whether the Kotlin compiles with the stand-ins. */
    fun run(): Boolean {
        var diagnostics = compile()
        // The copies' own edits first (V12, V13), before any file is read for stand-ins; each is compiled again.
        for (edit in 1..EDITS) {
            if (!editCopies(diagnostics ?: break)) break
            diagnostics = compile()
        }
        var compiles = diagnostics == null
        for (round in 1..ROUNDS) {
            val current = diagnostics ?: break
            val before = model.fingerprint()
            roundResolution = null
            for (diagnostic in current) read(diagnostic)
            val changed = model.fingerprint() != before
            // Written even when the rounds stop here, so that the errors left are the ones no stand-in answers (not
            // the imports whose stand-ins this round found).
            if (changed) write()
            // A machine built on another library than Tinder's: no stand-in makes it Tinder's.
            if (refused.keys.any { it.endsWith(": StateMachine") }) break
            if (!changed) break
            diagnostics = compile()
            compiles = diagnostics == null
        }
        if (compiles) nameReceivers()
        val report = model.declared().map { "declared $it" } + completed.map { "completed $it" } + tinder.map { "tinder $it" } +
            dropped.map { "dropped $it" } + refused.map { (where, why) -> "refused $where: $why" }
        File(plan, "standins.txt").writeText(report.joinToString("") { "$it\n" })
        return compiles
    }

    private class Diagnostic(val path: String, val line: Int, val column: Int, val message: String) {
        /** The candidates the compiler lists after "none of the following candidates is applicable:", one per line. */
        val candidates = mutableListOf<String>()
    }

    /** The `when` statements given `else -> {}` (V12), each as `FILE:LINE:COLUMN` of the user's file. */
    private val completed = mutableListOf<String>()

    /**
     * Where verify's copy takes Tinder's `com.tinder.StateMachine` for one the files do not declare (V13), as
     * `FILE:LINE:COLUMN: NAME` of the user's file, NAME the one imported (empty when the file imports none).
     */
    private val tinder = mutableListOf<String>()

    /**
     * What verify's copy leaves out (V11): the imports of names the file never uses, `FILE:LINE:COLUMN: NAME`, and the
     * arguments of annotations of libraries it lacks, `FILE:LINE:COLUMN: the arguments of @NAME`.
     */
    private val dropped = mutableListOf<String>()

    /**
     * Round 1's edits of verify's copies (`plan/kotlin`), each within the lines it changes, so that a copy keeps the
     * user's line numbers; returns whether a copy changed.
     *
     * - Kotlin before 1.7 accepted a `when` statement over a sealed, enum or Boolean subject (or a nullable one)
     *   without every case, and did nothing for the cases left out; today's compilers refuse it. Each such `when` the
     *   compiler names gets `else -> {}` before its closing brace; a `when` whose value is used (the compiler's
     *   analysis says which) stays an error, as it always was (V12).
     * - A `StateMachine` the files import from another package than `com.tinder`, or use without a file that declares
     *   it (an app's copy of Tinder's one-file library): the porter ported it as Tinder's, and the copy imports
     *   `com.tinder.StateMachine` instead (V13).
     * - An import the compiler cannot resolve of a name the file never uses: no stand-in is needed, and it is left out
     *   (V11).
     */
    private fun editCopies(diagnostics: List<Diagnostic>): Boolean =
        // Tinder's import alone first: while StateMachine is unresolved, so is what the machine's `when`s look at.
        editCopies(diagnostics, tinderOnly = true) || editCopies(diagnostics, tinderOnly = false)

    private fun editCopies(diagnostics: List<Diagnostic>, tinderOnly: Boolean): Boolean {
        val named = diagnostics.filter { NOT_EXHAUSTIVE.containsMatchIn(it.message) || UNRESOLVED.containsMatchIn(it.message) }
        if (named.isEmpty()) return false
        val copies = kotlinFiles().map { it.canonicalPath }.toSet()
        val parsed = (kotlinFiles() + stubFiles()).map { KotlinSource.parse(it.path, it.readText()) }
        val resolution by lazy { Resolution.analyze(parsed) }
        val given = File(plan, "sources.txt").takeIf { it.isFile }?.readLines().orEmpty()
            .mapNotNull { line -> line.split('\t').takeIf { it.size == 2 }?.let { File(plan, it[0]).canonicalPath to it[1] } }.toMap()
        var changed = false
        for (source in parsed) {
            val path = File(source.path).canonicalPath
            if (path !in copies) continue
            val user = given[path] ?: source.path
            fun userLocation(offset: Int) = "$user:${source.lineOf(offset)}:${source.columnOf(offset)}"
            // By offset, last first: the length replaced there and the text put in its place.
            val edits = sortedMapOf<Int, Pair<Int, String>>(compareByDescending { it })
            val seen = mutableSetOf<PsiElement>()
            var tinderImported = false
            for (diagnostic in named.filter { File(it.path).canonicalPath == path }) {
                val offset = offsetOf(source, diagnostic.line, diagnostic.column) ?: continue
                val where = "${source.path}:${diagnostic.line}:${diagnostic.column}"
                val leaf = source.file.findElementAt(offset) ?: continue
                if (NOT_EXHAUSTIVE.containsMatchIn(diagnostic.message)) {
                    if (tinderOnly) continue
                    val expression = PsiTreeUtil.getParentOfType(leaf, KtWhenExpression::class.java, false)
                        ?.takeIf { it.whenKeyword.textRange.startOffset == offset } ?: continue
                    val close = expression.closeBrace ?: continue
                    if (expression.elseExpression != null) continue
                    if (resolution.usedAsExpression(expression) != false) {
                        refuse(where, "when", "its value is used, so it must list every case (as Kotlin has always required); add the " +
                            "missing branches or an 'else' branch")
                        continue
                    }
                    // After an entry on the brace's own line, a `;` ends that entry.
                    val before = source.text.substring(0, close.textRange.startOffset).trimEnd(' ', '\t')
                    edits[close.textRange.startOffset] = 0 to if (before.endsWith("\n") || before.endsWith("{")) "else -> {} " else "; else -> {} "
                    completed += userLocation(offset)
                    continue
                }
                val name = UNRESOLVED.find(diagnostic.message)?.groupValues?.get(1) ?: continue
                val directive = PsiTreeUtil.getParentOfType(leaf, KtImportDirective::class.java)
                if (directive != null) {
                    val imported = directive.importedFqName ?: continue
                    if (!seen.add(directive)) continue
                    if (directive.isAllUnder) {
                        // A whole package the verification lacks (`kotlinx.android.synthetic.main.activity_main.*`): left
                        // out; the names the file uses of it are unresolved where used, and get stand-ins there.
                        if (!tinderOnly) {
                            edits[directive.textRange.startOffset] = directive.textLength to ""
                            dropped += "${userLocation(directive.textRange.startOffset)}: ${imported.asString()}.*"
                        }
                        continue
                    }
                    val local = directive.aliasName ?: imported.shortName().asString()
                    val reference = directive.importedReference ?: continue
                    if (imported.shortName().asString() == "StateMachine" && directive.aliasName == null && imported.asString() != TINDER) {
                        if (!tinderOnly) continue
                        edits[reference.textRange.startOffset] = reference.textLength to TINDER
                        tinder += "${userLocation(directive.textRange.startOffset)}: ${imported.asString()}"
                        tinderImported = true
                        continue
                    }
                    val used = PsiTreeUtil.collectElementsOfType(source.file, KtSimpleNameExpression::class.java).any {
                        it.getReferencedName() == local &&
                            PsiTreeUtil.getParentOfType(it, KtImportDirective::class.java, KtPackageDirective::class.java) == null
                    }
                    if (!used && !tinderOnly) {
                        edits[directive.textRange.startOffset] = directive.textLength to ""
                        dropped += "${userLocation(directive.textRange.startOffset)}: ${imported.asString()}"
                    }
                    continue
                }
                // An annotation of a library the verification lacks, given arguments (`@Scope(BeanDefinition
                // .SCOPE_PROTOTYPE)`): what it says is the library's, at run time as in the copy, whose stand-in keeps
                // it in the source only; its arguments are left out (their newlines kept), and with them what they name.
                val annotation = PsiTreeUtil.getParentOfType(leaf, KtAnnotationEntry::class.java)
                val arguments = annotation?.valueArgumentList
                if (annotation != null && arguments != null && PsiTreeUtil.isAncestor(annotation.typeReference, leaf, false)) {
                    if (!tinderOnly && seen.add(annotation)) {
                        edits[arguments.textRange.startOffset] = arguments.textLength to arguments.text.filter { it == '\n' }
                        dropped += "${userLocation(annotation.textRange.startOffset)}: the arguments of @$name"
                    }
                    continue
                }
                // `StateMachine` of the file's own package, or of a package it imports whole, not in the files given.
                if (name != "StateMachine" || tinderImported || !tinderOnly) continue
                val imports = source.file.importDirectives
                if (imports.any { !it.isAllUnder && (it.aliasName ?: it.importedFqName?.shortName()?.asString()) == "StateMachine" }) continue
                val anchor: PsiElement? = imports.lastOrNull() ?: source.file.packageDirective?.takeIf { it.textLength > 0 }
                val at = anchor?.textRange?.endOffset ?: 0
                edits[at] = 0 to if (anchor != null) "; import $TINDER" else "import $TINDER; "
                tinder += "${userLocation(offset)}: "
                tinderImported = true
            }
            if (edits.isEmpty()) continue
            val text = StringBuilder(source.text)
            for ((offset, edit) in edits) text.replace(offset, offset + edit.first, edit.second)
            File(source.path).writeText(text.toString())
            changed = true
        }
        return changed
    }

    /** The compiler's errors, or null when the Kotlin compiles. */
    private fun compile(): List<Diagnostic>? {
        val output = File(plan, ".standins-classes").also { it.deleteRecursively(); it.mkdirs() }
        val messages = ByteArrayOutputStream()
        val arguments = listOf("-no-stdlib", "-no-reflect", "-nowarn", "-jvm-target", "17", "-classpath", classpath, "-d", output.path) +
            (kotlinFiles() + stubFiles()).map { it.path }
        var ok = false
        // The compiler wants a deep stack for deep expressions, as the command line's does (-Xss8m).
        val thread = Thread(null, {
            val code = org.jetbrains.kotlin.cli.jvm.K2JVMCompiler().exec(PrintStream(messages, true, "UTF-8"), *arguments.toTypedArray())
            ok = code == org.jetbrains.kotlin.cli.common.ExitCode.OK
        }, "kotlinc", 64L * 1024 * 1024)
        thread.start()
        thread.join()
        File(plan, "kotlinc.log").writeBytes(messages.toByteArray())
        if (ok && classes != null) {
            classes.deleteRecursively()
            if (!output.renameTo(classes)) throw PortError(listOf("verify: could not move the compiled classes to $classes"))
        }
        output.deleteRecursively()
        if (ok) return null
        val pattern = Regex("""^(.+?):(\d+):(\d+): (error|warning|info): (.*)$""")
        // A message may go on over the lines after its own (the candidates of "none of the following candidates is
        // applicable:"), before the source line and its caret that end it.
        val diagnostics = mutableListOf<Diagnostic>()
        var open: Diagnostic? = null
        for (line in messages.toString(Charsets.UTF_8).lines()) {
            val match = pattern.find(line)
            if (match != null) {
                open = if (match.groupValues[4] == "error") {
                    Diagnostic(match.groupValues[1], match.groupValues[2].toInt(), match.groupValues[3].toInt(), match.groupValues[5]).also { diagnostics += it }
                } else null
            } else if (open != null && open.message.endsWith(":") && CANDIDATE.matches(line.trim())) {
                open.candidates += line.trim()
            }
        }
        return diagnostics
    }

    private fun write() {
        val folder = File(plan, "stubs").also { it.mkdirs() }
        folder.listFiles()?.filter { it.name.startsWith("standins.") }?.forEach { it.delete() }
        for ((name, text) in model.files()) File(folder, name).writeText(text)
    }

    private fun read(diagnostic: Diagnostic) {
        val source = sources[File(diagnostic.path).canonicalPath] ?: return
        val offset = offsetOf(source, diagnostic.line, diagnostic.column) ?: return
        val where = "${source.path}:${diagnostic.line}:${diagnostic.column}"
        UNRESOLVED.find(diagnostic.message)?.let { match ->
            val leaf = source.file.findElementAt(offset) ?: return
            val reference = PsiTreeUtil.getParentOfType(leaf, KtSimpleNameExpression::class.java, false) ?: return
            if (reference is org.jetbrains.kotlin.psi.KtOperationReferenceExpression) return operator(reference, where)
            if (reference.getReferencedName() != match.groupValues[1]) return
            unresolved(source, reference, where)
            return
        }
        if (DELEGATE.containsMatchIn(diagnostic.message)) return delegate(source, offset)
        if (SUSPENSION.any { it.containsMatchIn(diagnostic.message) }) return suspension(source, offset)
        if (NO_CANDIDATE.containsMatchIn(diagnostic.message)) return arithmetic(source, offset, diagnostic.candidates, where)
        if (INFERENCE.containsMatchIn(diagnostic.message)) return contained(source, offset)
        if (NOT_EXHAUSTIVE.containsMatchIn(diagnostic.message)) { enumerated(source, offset, where); return }
        EQUALITY.find(diagnostic.message)?.let { match -> return mismatch(source, offset, match.groupValues[1]) }
        if (ASSIGNED.containsMatchIn(diagnostic.message)) return assigned(source, offset)
        OVERRIDES_NOTHING.find(diagnostic.message)?.let { return overrides(source, offset, where) }
        // A `when` used as a value over a stand-in's constants that Kotlin 2 types `Unit` or `Any`, as it lists not every
        // case the compiler knows of (`return type mismatch: expected 'TransitionTo<…>', actual 'Unit'` at `when`): as
        // for a `when` that is not exhaustive.
        if (VAGUE_MISMATCHES.any { it.containsMatchIn(diagnostic.message) } && enumerated(source, offset, where)) return
        MISMATCHES.firstNotNullOfOrNull { it.find(diagnostic.message) }?.let { match -> return mismatch(source, offset, match.groupValues[1]) }
        // A value of a type no stand-in tells more of (`Any?`: a stand-in's result beside another's, through `?:`).
        VAGUE_MISMATCHES.firstNotNullOfOrNull { it.find(diagnostic.message) }?.let { match -> return mismatch(source, offset, match.groupValues[1]) }
        // A stand-in type where another is expected (`Error(FailedToJoinCall)`, a `JibriError`): the first extends the second.
        SUBTYPE_MISMATCHES.firstNotNullOfOrNull { it.find(diagnostic.message) }?.let { match ->
            val actual = model.types.values.filter { it.simpleName == match.groupValues[1].substringAfterLast('.').removeSuffix(">") }
            val wanted = match.groupValues[2].substringAfterLast('.').removeSuffix("?").removeSuffix(">")
            // `throw GdxRuntimeException(…)`, `X::class` where a `KClass<out Throwable>` is wanted: a throwable stand-in.
            if (wanted in THROWABLES && actual.size == 1) { actual[0].throwable = true; return }
            val expected = model.types.values.filter { it.simpleName == wanted }
            if (actual.size == 1 && expected.size == 1 && actual[0] !== expected[0] && actual[0].superType == null) actual[0].superType = expected[0]
        }
    }

    private fun offsetOf(source: KotlinSource, line: Int, column: Int): Int? {
        var start = 0
        repeat(line - 1) { start = source.text.indexOf('\n', start).takeIf { it >= 0 }?.plus(1) ?: return null }
        return (start + column - 1).takeIf { it < source.text.length }
    }

    private fun refuse(where: String, name: String, why: String) {
        refused.putIfAbsent("$where: $name", why)
    }

    /** The receivers of extension stand-ins' calls that are names (`meter` in `meter.record(3)`): by offset, the name. */
    private val named = mutableMapOf<KotlinSource, java.util.SortedMap<Int, String>>()

    /**
     * Writes each named receiver of an extension stand-in's call as `StandIns.named("meter", meter)` (the same value,
     * remembered with its name for the trace); keeps the files as they were when they no longer compile so.
     */
    private fun nameReceivers() {
        if (named.isEmpty()) return
        val originals = named.keys.associateWith { File(it.path).readText() }
        for ((source, receivers) in named) {
            val text = StringBuilder(source.text)
            for ((offset, name) in receivers.entries.reversed()) {
                text.replace(offset, offset + name.length, "com.statemachine.verify.StandIns.named(\"$name\", $name)")
            }
            File(source.path).writeText(text.toString())
        }
        if (compile() != null) for ((source, text) in originals) File(source.path).writeText(text)
    }

    /** The functions and properties a file imports from where the verification cannot find them, by local name. */
    private val importedMembers = mutableMapOf<KotlinSource, MutableSet<String>>()

    /** What the names a file imports from where the verification cannot find them stand for: local name → type. */
    private val imported = mutableMapOf<KotlinSource, MutableMap<String, StandInModel.Type>>()

    private fun unresolved(source: KotlinSource, reference: KtSimpleNameExpression, where: String) {
        val name = reference.getReferencedName()
        if (name in LIBRARY_NAMES) {
            return refuse(where, name, "the machine's library is not Tinder's com.tinder.StateMachine here (it comes from another " +
                "package or file); --verify runs the original against Tinder's API only")
        }
        if (name == "it" || name == "this") return   // a lambda's parameter of a call that had no stand-in yet
        val packageName = source.file.packageFqName.asString()
        val import = PsiTreeUtil.getParentOfType(reference, KtImportDirective::class.java)
        if (import != null) return imports(source, import, where)
        if (PsiTreeUtil.getParentOfType(reference, KtPackageDirective::class.java) != null) return
        // A name the file imports: its import's stand-in, whether or not the compiler named the import itself.
        if (imported[source]?.containsKey(name) != true && importedMembers[source]?.contains(name) != true) {
            source.file.importDirectives.firstOrNull { !it.isAllUnder && (it.aliasName ?: it.importedFqName?.shortName()?.asString()) == name }
                ?.let { return imports(source, it, where) }
        }
        // A type written `Outer.Inner`: a class nested in the stand-in of Outer.
        val userType = reference.parent as? KtUserType
        if (userType != null && name.first().isLowerCase()) {
            // `eu.example.menu.Menu` written in full: a type of the package the lower-case names make.
            val outermost = generateSequence(userType) { it.parent as? KtUserType }.last()
            val segments = generateSequence(outermost) { it.qualifier }.map { it.referencedName ?: "" }.toList().reversed()
            val at = segments.indexOfFirst { it.firstOrNull()?.isUpperCase() == true }
            if (at > 0 && segments.take(at).all { it.firstOrNull()?.isLowerCase() == true }) {
                val packageName = segments.take(at).joinToString(".")
                val path = segments.drop(at)
                for (index in 1 until path.size) model.type(packageName, path.take(index))
                return typeUses(source, model.type(packageName, path), listOfNotNull(outermost.referenceExpression))
            }
        }
        if (userType != null) {
            val qualifier = userType.qualifier
            val type = if (qualifier == null) {
                imported[source]?.get(name) ?: model.type(packageName, listOf(name))
            } else {
                val outer = typeOf(source, qualifier.text) ?: return refuse(where, name, "a type nested in ${qualifier.text}, which is not a stand-in")
                model.type(outer.packageName, outer.path + name)
            }
            return typeUses(source, type, listOf(reference))
        }
        val qualified = reference.parent as? KtQualifiedExpression
        val call = reference.parent as? KtCallExpression
        val receiver = when {
            qualified != null && qualified.selectorExpression == reference -> qualified.receiverExpression
            call != null && call.calleeExpression == reference && (call.parent as? KtQualifiedExpression)?.selectorExpression == call ->
                (call.parent as KtQualifiedExpression).receiverExpression
            else -> null
        }
        if (receiver == null) {
            // A name written in full with its package (`android.util.Log.d(…)`): the package is unknown, not a value.
            val chain = qualified?.takeIf { it.receiverExpression == reference }?.let { first ->
                generateSequence(first as KtExpression) { current -> (current.parent as? KtQualifiedExpression)?.takeIf { it.receiverExpression == current } }.last()
            }
            if (chain != null && name.first().isLowerCase() &&
                Regex("""^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*\.[A-Z]""").containsMatchIn(chain.text)) {
                return refuse(where, name, "a name written in full with its package; import it instead")
            }
            if (name.first().isUpperCase()) {
                val type = imported[source]?.get(name) ?: model.type(packageName, listOf(name))
                return typeUses(source, type, listOf(reference))
            }
            // An imported function or property: its import's stand-in took every use of it.
            if (importedMembers[source]?.contains(name) == true) return
            return addMember(model.topLevel(packageName), reference, where)
        }
        // `Name.member`: a member of the stand-in Name (an object, or a class's companion).
        val owner = (receiver as? KtNameReferenceExpression ?: receiver as? KtQualifiedExpression)?.let { typeOf(source, it.text) }
        if (owner != null) {
            if (name.first().isUpperCase() && call == null && qualified?.parent !is KtQualifiedExpression && owner.kind != StandInModel.Type.Kind.OBJECT) {
                return typeUses(source, model.type(owner.packageName, owner.path + name), listOf(reference))
            }
            // `ImmutableList.Builder<LogEntry>()`: a class nested in the stand-in, constructed with its type arguments.
            if (name.first().isUpperCase() && call?.typeArgumentList != null) {
                return typeUses(source, model.type(owner.packageName, owner.path + name), listOf(reference))
            }
            return addMember(owner.statics, reference, where)
        }
        if (name.first().isUpperCase() && call != null) {
            return refuse(where, name, "a constructor of a type nested in ${receiver.text}, which is not a stand-in")
        }
        // `value.member`: an extension of `Any?` in the file's package, whatever the value is; a value the files name
        // (`meter.record(3)`) is named so in the trace, as the port names the collaborator.
        if (receiver is KtNameReferenceExpression && receiver.getReferencedName() != "it") named.getOrPut(source) { sortedMapOf() }[receiver.textRange.startOffset] = receiver.getReferencedName()
        addMember(model.extensions(packageName), reference, where)
    }

    /** The stand-in type a name or a dotted name of the file stands for, if there is one. */
    private fun typeOf(source: KotlinSource, text: String): StandInModel.Type? {
        val parts = text.split('.').map { it.trim() }
        val first = imported[source]?.get(parts.first())
            ?: model.types.values.firstOrNull { it.packageName == source.file.packageFqName.asString() && it.path == listOf(parts.first()) }
            ?: return null
        if (parts.size == 1) return first
        return model.types.values.firstOrNull { it.packageName == first.packageName && it.path == first.path + parts.drop(1) }
    }

    /** An import of a name the verification cannot find: its stand-in, shaped by the file's uses of the name. */
    private fun imports(source: KotlinSource, directive: KtImportDirective, where: String) {
        val name = directive.importedFqName ?: return
        if (directive.isAllUnder) return   // a whole package: its names, if the file uses any, are unresolved where used
        val segments = name.pathSegments().map { it.asString() }
        if (segments.first() == "java" || segments.first() == "javax" && segments.getOrNull(1) == "swing") {
            return refuse(where, name.asString(), "a part of the JDK that this JDK lacks; the JVM keeps its packages to itself")
        }
        val local = directive.aliasName ?: segments.last()
        val classAt = segments.indexOfFirst { it.first().isUpperCase() }
        val uses = PsiTreeUtil.collectElementsOfType(source.file, KtSimpleNameExpression::class.java).filter {
            it.getReferencedName() == local &&
                PsiTreeUtil.getParentOfType(it, KtImportDirective::class.java, KtPackageDirective::class.java) == null
        }
        if (classAt < 0) {
            // `import com.example.util.sLog`: a top-level function or property of that package.
            if (segments.size < 2) return refuse(where, name.asString(), "an import without a package")
            val members = model.topLevel(segments.dropLast(1).joinToString("."))
            importedMembers.getOrPut(source) { mutableSetOf() } += local
            for (use in uses) addMember(members, use, where, simple = segments.last())
            return
        }
        if (classAt == 0) return refuse(where, name.asString(), "a class without a package")
        val packageName = segments.take(classAt).joinToString(".")
        val path = segments.drop(classAt)
        if (path.last().first().isLowerCase()) {
            // `import a.b.Outer.member`: a member of an object.
            if (path.size < 2) return
            val owner = model.type(packageName, path.dropLast(1)).also { it.asValue = true }
            for (use in uses) {
                // `status.toState()` of `import a.b.Status.Companion.toState`: an extension declared in the object.
                val call = (use.parent as? KtCallExpression)?.takeIf { it.calleeExpression == use } ?: use
                val onValue = (call.parent as? KtQualifiedExpression)?.selectorExpression == call
                addMember(if (onValue) owner.staticExtensions else owner.statics, use, where, simple = path.last())
            }
            return
        }
        val type = model.type(packageName, path)
        for (index in 1 until path.size) model.type(packageName, path.take(index))
        imported.getOrPut(source) { mutableMapOf() }[local] = type
        typeUses(source, type, uses)
    }

    /** Marks how each of [uses] uses the type stand-in [type]. */
    private fun typeUses(source: KotlinSource, type: StandInModel.Type, uses: List<KtSimpleNameExpression>) {
        for (use in uses) {
            val parent = use.parent
            val userType = parent as? KtUserType
            if (userType != null) {
                // `SendChannel<Message>`: a stand-in with as many type parameters.
                type.typeArguments = maxOf(type.typeArguments, userType.typeArgumentList?.arguments?.size ?: 0)
                val typeReference = generateSequence(userType as PsiElement) { it.parent as? KtUserType }.last().parent as? KtTypeReference
                val annotation = typeReference?.let { PsiTreeUtil.getParentOfType(it, KtAnnotationEntry::class.java) }
                val superType = typeReference?.parent as? KtSuperTypeListEntry
                // `catch (error: GdxRuntimeException)`: a throwable.
                if ((typeReference?.parent as? org.jetbrains.kotlin.psi.KtParameter)?.parent?.parent is org.jetbrains.kotlin.psi.KtCatchClause) type.throwable = true
                when {
                    userType.parent is KtUserType -> type.asValue = true   // `Outer.Inner` as a type: Outer holds a nested type
                    annotation != null && annotation.typeReference == typeReference -> type.asAnnotation = true
                    superType is KtSuperTypeCallEntry -> {
                        type.asSuperclass = true
                        for (argument in superType.valueArguments) argument.getArgumentName()?.asName?.asString()?.let { type.named += it }
                    }
                    superType is KtSuperTypeEntry -> type.asInterface = true
                    else -> type.asType = true
                }
                continue
            }
            val call = parent as? KtCallExpression
            when {
                call != null && call.calleeExpression == use -> {
                    type.constructed = true
                    val whole = (call.parent as? KtQualifiedExpression)?.takeIf { it.selectorExpression == call } ?: call
                    if ((whole.parent as? org.jetbrains.kotlin.psi.KtThrowExpression)?.thrownExpression == whole) type.throwable = true
                    for (argument in call.valueArguments) argument.getArgumentName()?.asName?.asString()?.let { type.named += it }
                    type.typeArguments = maxOf(type.typeArguments, call.typeArgumentList?.arguments?.size ?: 0)
                }
                parent is KtQualifiedExpression && parent.receiverExpression == use -> {
                    // `Name.member(…)`, `Name.CONSTANT`: a member reached through the name.
                    val selector = parent.selectorExpression
                    val member = (selector as? KtCallExpression)?.calleeExpression as? KtSimpleNameExpression ?: selector as? KtSimpleNameExpression
                    if (member != null && member.getReferencedName().first().isUpperCase() && selector !is KtCallExpression) {
                        // `State.Start` as a value: an object nested in State, and a State itself.
                        model.type(type.packageName, type.path + member.getReferencedName()).asValue = true
                    } else if (member != null) {
                        addMember(type.statics, member, source.location(member))
                    }
                }
                parent is KtClassLiteralExpression || parent is KtCallableReferenceExpression -> type.asType = true
                else -> type.asValue = true
            }
        }
    }

    /** A function or property stand-in in [members] for the use [reference] (named [simple] there). */
    private fun addMember(members: StandInModel.Members, reference: KtSimpleNameExpression, where: String, simple: String = reference.getReferencedName()) {
        val call = (reference.parent as? KtCallExpression)?.takeIf { it.calleeExpression == reference }
        if (call != null) {
            if (call.valueArguments.any { it.getSpreadElement() != null }) return refuse(where, simple, "a call with a spread argument")
            val function = members.function(simple)
            // `mapperFor<Position>()`: a stand-in with as many type parameters, which its result does not use.
            function.typeArguments = maxOf(function.typeArguments, call.typeArgumentList?.arguments?.size ?: 0)
            for (argument in call.valueArguments) argument.getArgumentName()?.asName?.asString()?.let { function.named += it }
            for (lambda in call.lambdaArguments) {
                val expression = lambda.getLambdaExpression() ?: continue
                val count = parametersOf(expression)
                function.lambdaParameters = maxOf(function.lambdaParameters ?: 0, count)
            }
            val whole = (call.parent as? KtQualifiedExpression)?.takeIf { it.selectorExpression == call } ?: call
            if (!isStatement(whole)) function.statementOnly = false
            return
        }
        val property = members.property(simple)
        val whole = (reference.parent as? KtQualifiedExpression)?.takeIf { it.selectorExpression == reference } ?: reference
        val assignment = whole.parent as? KtBinaryExpression
        if (assignment != null && assignment.left == whole && assignment.operationToken.toString() in ASSIGNMENTS) property.mutable = true
    }

    /** The parameters a trailing lambda takes: those it declares, or one when it reads `it`. */
    private fun parametersOf(lambda: KtLambdaExpression): Int {
        if (lambda.valueParameters.isNotEmpty()) return lambda.valueParameters.size
        val readsIt = PsiTreeUtil.collectElementsOfType(lambda.bodyExpression, KtNameReferenceExpression::class.java)
            .any { it.getReferencedName() == "it" && PsiTreeUtil.getParentOfType(it, KtLambdaExpression::class.java) == lambda }
        return if (readsIt) 1 else 0
    }

    /** Whether [expression]'s value is unused: a statement of a block, or a branch of a `when` or an `if` that is one. */
    private fun isStatement(expression: KtExpression): Boolean = when (val parent = expression.parent) {
        is KtBlockExpression -> true
        is KtWhenEntry -> (parent.parent as? KtWhenExpression)?.let(::isStatement) == true
        is KtContainerNodeForControlStructureBody -> (parent.parent as? KtIfExpression)?.let(::isStatement) == true
        else -> false
    }

    /**
     * An operator the compiler cannot find for a stand-in's value (`Log.d(…) >= 0`, `count() + 1`): the stand-in's result
     * gets the type of the other operand when that is a constant.
     */
    private fun operator(reference: org.jetbrains.kotlin.psi.KtOperationReferenceExpression, where: String) {
        val binary = reference.parent as? KtBinaryExpression
        val unary = reference.parent as? org.jetbrains.kotlin.psi.KtUnaryExpression
        // `!ready()`: a Boolean; `count++`, `--count`: an Int.
        val unaryType = when (reference.getReferencedName()) {
            "!" -> "Boolean"
            "++", "--" -> "Int"
            else -> null
        }
        val operand = if (unary != null) unary.baseExpression else binary?.left
        val name = operand?.let { standInOf(it) }
        val type = if (unary != null) unaryType else binary?.right?.let(::constantType)
        // `any { !it }`: the parameter of a stand-in's trailing lambda is of that type.
        val parameter = if (name == null && type != null) operand?.let(::lambdaParameter) else null
        if (parameter != null) {
            for (function in parameter.first) function.lambdaParameterTypes.putIfAbsent(parameter.second, type!!)
            return
        }
        if (name == null || type == null) {
            return refuse(where, reference.text, "an operator on a value whose type neither a stand-in nor a constant beside it tells")
        }
        typeMembers(name, type)
    }

    /**
     * The stand-in functions whose trailing lambda declares the parameter [expression] reads (`it`, or one it names),
     * with the parameter's index; null when it reads no parameter of a stand-in's lambda.
     */
    private fun lambdaParameter(expression: KtExpression): Pair<List<StandInModel.Function>, Int>? {
        val reference = expression as? KtNameReferenceExpression ?: return null
        val (lambda, index) = if (reference.getReferencedName() == "it") {
            val lambda = generateSequence(PsiTreeUtil.getParentOfType(reference, KtLambdaExpression::class.java)) {
                PsiTreeUtil.getParentOfType(it, KtLambdaExpression::class.java)
            }.firstOrNull { it.valueParameters.isEmpty() } ?: return null
            lambda to 0
        } else {
            val parameter = Declarations.of(reference) as? org.jetbrains.kotlin.psi.KtParameter ?: return null
            val literal = parameter.ownerFunction as? org.jetbrains.kotlin.psi.KtFunctionLiteral ?: return null
            (literal.parent as? KtLambdaExpression ?: return null) to literal.valueParameters.indexOf(parameter)
        }
        val call = (lambda.parent as? org.jetbrains.kotlin.psi.KtLambdaArgument)?.parent as? KtCallExpression ?: return null
        val name = (call.calleeExpression as? KtSimpleNameExpression)?.getReferencedName() ?: return null
        val functions = model.named(name).filterIsInstance<StandInModel.Function>()
        return if (functions.isEmpty()) null else functions to index
    }

    /** The type of a constant (`0` → `Int`, `"a"` → `String`), or null. */
    private fun constantType(expression: KtExpression): String? = when (expression) {
        is org.jetbrains.kotlin.psi.KtStringTemplateExpression -> "String"
        is org.jetbrains.kotlin.psi.KtConstantExpression -> when (expression.node.elementType) {
            org.jetbrains.kotlin.KtNodeTypes.BOOLEAN_CONSTANT -> "Boolean"
            org.jetbrains.kotlin.KtNodeTypes.CHARACTER_CONSTANT -> "Char"
            org.jetbrains.kotlin.KtNodeTypes.FLOAT_CONSTANT -> if (expression.text.endsWith("f", ignoreCase = true)) "Float" else "Double"
            org.jetbrains.kotlin.KtNodeTypes.INTEGER_CONSTANT -> if (expression.text.endsWith("L")) "Long" else "Int"
            else -> null
        }
        is org.jetbrains.kotlin.psi.KtPrefixExpression -> expression.baseExpression?.let(::constantType)
        else -> null
    }

    /**
     * A suspend function called in a lambda the compiler sees no coroutine in (`scope.launch { observe(it) }`): the
     * trailing lambda of the nearest stand-in call around it becomes a `suspend` one, as a coroutine builder's is.
     */
    private fun suspension(source: KotlinSource, offset: Int) {
        var lambda = PsiTreeUtil.getParentOfType(source.file.findElementAt(offset), KtLambdaExpression::class.java)
        while (lambda != null) {
            val call = (lambda.parent as? org.jetbrains.kotlin.psi.KtLambdaArgument)?.parent as? KtCallExpression
            val name = (call?.calleeExpression as? KtSimpleNameExpression)?.getReferencedName()
            val functions = name?.let { model.named(it) }?.filterIsInstance<StandInModel.Function>().orEmpty()
            if (functions.isNotEmpty()) {
                functions.forEach { it.suspendLambda = true }
                return
            }
            lambda = PsiTreeUtil.getParentOfType(lambda, KtLambdaExpression::class.java)
        }
    }

    /**
     * A value assigned to a stand-in's property (`dialog.onPermitClick = { … }`, `state.value = it.toState`): the property
     * holds any value (`Any?`), since what is written there is the library's to use, and the trace never reads it back.
     */
    private fun assigned(source: KotlinSource, offset: Int) {
        val assignment = PsiTreeUtil.getParentOfType(source.file.findElementAt(offset), KtBinaryExpression::class.java, false)
            ?.takeIf { it.operationToken.toString() == "EQ" } ?: return
        val name = assignment.left?.let { standInOf(it) } ?: return
        typeMembers(name, "Any?")
    }

    /** A type mismatch where a stand-in's value stands: the stand-in's result gets the type the compiler expected. */
    private fun mismatch(source: KotlinSource, offset: Int, compilerType: String) {
        if (compilerType.contains("StandInValue")) return
        val expected = qualified(source, compilerType)
        var element: PsiElement? = source.file.findElementAt(offset)
        var found: String? = null
        while (element != null && element.textRange.startOffset == offset) {
            standInOf(element)?.let { found = it }
            element = element.parent
        }
        val name = found ?: return operand(source, offset, expected)
        typeMembers(name, expected)
    }

    /**
     * `angle - Constants.RANGE`, an arithmetic operator of a number whose right operand is a stand-in: no candidate
     * (`fun minus(other: Int): Float`, …) takes a stand-in's value. The stand-in is a number of the left operand's type
     * (the result of its candidate that takes an `Int`: `Float` for a `Float`, `Long` for a `Long`); a constant written in
     * capitals that was taken for a nested object (`Constants.RANGE`) becomes a property of its owner.
     */
    private fun arithmetic(source: KotlinSource, offset: Int, candidates: List<String>, where: String) {
        val reference = PsiTreeUtil.getParentOfType(source.file.findElementAt(offset), org.jetbrains.kotlin.psi.KtOperationReferenceExpression::class.java, false)
        val binary = reference?.parent as? KtBinaryExpression ?: return
        val type = candidates.firstNotNullOfOrNull { ARITHMETIC_CANDIDATE.matchEntire(it) }?.groupValues?.get(1)
        val right = deparenthesized(binary.right) ?: return
        if (type == null || type !in NUMBERS) return refuse(where, reference.text, "an operator whose candidates do not tell the number it takes")
        standInOf(right)?.let { name ->
            typeMembers(name, type)
            return
        }
        val constant = (right as? KtQualifiedExpression)?.let { typeOf(source, it.text) }
        val owner = constant?.let { model.types.values.firstOrNull { type -> type.packageName == it.packageName && type.path == it.path.dropLast(1) } }
        if (constant == null || owner == null || !constant.statics.isEmpty || model.types.values.any { it.superType === constant }) {
            return refuse(where, reference.text, "an operator whose right operand is not a stand-in's value")
        }
        model.types.values.remove(constant)
        owner.statics.property(constant.simpleName).type = type
    }

    /** The stand-in functions and properties named [name] return [type], unless a diagnostic typed them already. */
    /**
     * `var dose by syncedDelegate(0.0, ::sync)`, a property delegated to a stand-in function's result: the function
     * makes a [com.statemachine.verify.StandInDelegate] that keeps the value it is given first and what is set, a
     * stored property as the port's owner has it. A call without a first value is left as it is (nothing tells the
     * value's type or what to read before a set).
     */
    private fun delegate(source: KotlinSource, offset: Int) {
        val leaf = source.file.findElementAt(offset) ?: return
        val delegated = PsiTreeUtil.getParentOfType(leaf, org.jetbrains.kotlin.psi.KtProperty::class.java, false)?.delegateExpression ?: return
        val call = (delegated as? KtQualifiedExpression)?.selectorExpression as? KtCallExpression ?: delegated as? KtCallExpression ?: return
        if (call.valueArguments.isEmpty()) return
        val name = standInName(call) ?: return
        model.named(name).filterIsInstance<StandInModel.Function>().forEach { it.delegate = true }
    }

    private fun typeMembers(name: String, type: String) {
        for (member in model.named(name)) {
            when (member) {
                is StandInModel.Function -> if (member.type == null) member.type = type
                is StandInModel.Property -> if (member.type == null) member.type = type
            }
        }
    }

    /**
     * `when (status.lineType) { Classification.ENCODING -> …; Classification.FINISHED -> … }` whose value is used, over a
     * stand-in's value, each branch one of the objects nested in one stand-in type: that type is an enum class of those
     * constants (so the `when` lists every one), and the subject's stand-in is of it. The refusal of V12 for this `when`
     * is withdrawn.
     */
    private fun enumerated(source: KotlinSource, offset: Int, where: String): Boolean {
        val expression = PsiTreeUtil.getParentOfType(source.file.findElementAt(offset), KtWhenExpression::class.java, false)
            ?.takeIf { it.whenKeyword.textRange.startOffset == offset } ?: return false
        val name = expression.subjectExpression?.let { standInOf(it) } ?: return false
        if (expression.elseExpression != null) return false
        val conditions = expression.entries.flatMap { it.conditions.toList() }
        val constants = conditions.map { condition ->
            val value = (condition as? org.jetbrains.kotlin.psi.KtWhenConditionWithExpression)?.expression as? KtQualifiedExpression ?: return false
            typeOf(source, value.text) ?: return false
        }
        val enum = constants.map { constant -> model.types.values.firstOrNull { it.packageName == constant.packageName && it.path == constant.path.dropLast(1) } ?: return false }
            .distinct().singleOrNull() ?: return false
        val entries = model.nested(enum)
        if (entries.any { it.kind != StandInModel.Type.Kind.OBJECT || !it.statics.isEmpty || model.nested(it).isNotEmpty() } || enum.asType && enum.constructed ||
            enum.asSuperclass || enum.asInterface || entries.toSet() != constants.toSet()) return false
        val changed = !enum.asEnum
        enum.asEnum = true
        typeMembers(name, enum.qualifiedName)
        refused.remove("$where: when")
        return changed
    }

    /** This round's analysis of the copies with the stand-ins so far, and its sources by path ([contained]). */
    private var roundResolution: Pair<Resolution, Map<String, KotlinSource>>? = null

    private fun resolved(): Pair<Resolution, Map<String, KotlinSource>> = roundResolution ?: run {
        val parsed = (kotlinFiles() + stubFiles()).map { KotlinSource.parse(it.path, it.readText()) }
        (Resolution.analyze(parsed) to parsed.associateBy { File(it.path).canonicalPath })
    }.also { roundResolution = it }

    /**
     * `face.angle in low..high`, a stand-in's value tested against a range or a collection, whose `contains` cannot
     * infer its element from a stand-in's value: the stand-in is of the element type (`Float` for a
     * `ClosedFloatingPointRange<Float>`), as the compiler types the right operand.
     */
    private fun contained(source: KotlinSource, offset: Int) {
        val reference = PsiTreeUtil.getParentOfType(source.file.findElementAt(offset), org.jetbrains.kotlin.psi.KtOperationReferenceExpression::class.java, false)
        val binary = reference?.parent as? KtBinaryExpression ?: return
        if (binary.operationToken != org.jetbrains.kotlin.lexer.KtTokens.IN_KEYWORD && binary.operationToken != org.jetbrains.kotlin.lexer.KtTokens.NOT_IN) return
        val name = binary.left?.let { standInOf(it) } ?: return
        val (resolution, parsed) = resolved()
        val copy = parsed[File(source.path).canonicalPath] ?: return
        val right = binary.right ?: return
        val element = PsiTreeUtil.findElementOfClassAtRange(copy.file, right.textRange.startOffset, right.textRange.endOffset, KtExpression::class.java)
            ?: return
        val type = resolution.type(element)
        if (type == null) return
        val contained = (listOf(type) + type.supertypes()).firstNotNullOfOrNull { candidate ->
            val fqName = Resolution.classOf(candidate)?.asString()
            if (fqName in CONTAINERS) candidate.arguments.singleOrNull()?.takeUnless { it.isStarProjection }?.type?.let(resolution::render) else null
        } ?: return
        // A number the range holds wins over another number a use guessed (`angle.absoluteValue` asks for one, not for
        // which): Kotlin 2 no longer lets a `Double` be looked for in an `IntRange`.
        if (contained.removePrefix("kotlin.") in NUMBERS) {
            for (member in model.named(name)) {
                when (member) {
                    is StandInModel.Function -> if (member.type?.removePrefix("kotlin.") in NUMBERS) member.type = contained
                    is StandInModel.Property -> if (member.type?.removePrefix("kotlin.") in NUMBERS) member.type = contained
                }
            }
        }
        typeMembers(name, contained)
    }

    /**
     * A mismatch where no stand-in's call or read stands but an operator of a stand-in type's value does: `entity[key]`
     * (the type gets a `get` of as many keys returning [expected]), or the variable of a `for` loop over one (its
     * iterator's elements are its type parameter, or [expected] when it has none). The value's type is the one written
     * for it ([Declarations]).
     */
    private fun operand(source: KotlinSource, offset: Int, expected: String) {
        var element: PsiElement? = source.file.findElementAt(offset)
        while (element != null && element.textRange.startOffset == offset) {
            if (element is org.jetbrains.kotlin.psi.KtArrayAccessExpression) {
                val type = element.arrayExpression?.let { writtenStandIn(source, it) } ?: return
                type.indexed.putIfAbsent(element.indexExpressions.size, expected)
                return
            }
            val loop = (element as? KtNameReferenceExpression)?.let(Declarations::of)?.parent as? org.jetbrains.kotlin.psi.KtForExpression
            if (loop != null) {
                val type = loop.loopRange?.let { writtenStandIn(source, it) } ?: return
                if (type.iterated == null) type.iterated = if (type.typeArguments == 1) "T1" else expected
                return
            }
            element = element.parent
        }
    }

    /** The stand-in type written for the value [expression] is, if it is one. */
    private fun writtenStandIn(source: KotlinSource, expression: KtExpression): StandInModel.Type? =
        Declarations.writtenType(expression)?.let { typeOf(source, it) }
            ?.takeIf { it.kind == StandInModel.Type.Kind.CLASS || it.kind == StandInModel.Type.Kind.OBJECT }

    /**
     * The stand-in whose value [element] is or may be: a call or read of one ([standInName]); the left of `?:`, the
     * operand of `!!` or of parentheses; the value of an `if`, a `when` or a block (a branch's last expression); or a
     * local or member `val` without a written type whose initializer is one (`val key = cipher.encrypted(…)`).
     */
    private fun standInOf(element: PsiElement, depth: Int = 0): String? {
        if (depth > 6) return null
        standInName(element)?.let { return it }
        return when (element) {
            is org.jetbrains.kotlin.psi.KtParenthesizedExpression -> element.expression?.let { standInOf(it, depth + 1) }
            is KtBinaryExpression ->
                if (element.operationToken == org.jetbrains.kotlin.lexer.KtTokens.ELVIS) element.left?.let { standInOf(it, depth + 1) } else null
            is org.jetbrains.kotlin.psi.KtPostfixExpression ->
                if (element.operationToken == org.jetbrains.kotlin.lexer.KtTokens.EXCLEXCL) element.baseExpression?.let { standInOf(it, depth + 1) } else null
            is KtBlockExpression -> element.statements.lastOrNull()?.let { standInOf(it, depth + 1) }
            is KtIfExpression -> listOfNotNull(element.then, element.`else`).firstNotNullOfOrNull { standInOf(it, depth + 1) }
            is KtWhenExpression -> element.entries.mapNotNull { it.expression }.firstNotNullOfOrNull { standInOf(it, depth + 1) }
            is KtNameReferenceExpression -> untypedValue(element)?.initializer?.let { standInOf(it, depth + 1) }
            else -> null
        }
    }

    /** The `val` without a written type that [reference] reads: a local one declared before it, or one of its class. */
    private fun untypedValue(reference: KtNameReferenceExpression): org.jetbrains.kotlin.psi.KtProperty? {
        val name = reference.getReferencedName()
        if (reference.parent is KtQualifiedExpression && (reference.parent as KtQualifiedExpression).selectorExpression == reference) return null
        var scope: PsiElement? = reference.parent
        while (scope != null) {
            val candidates = when (scope) {
                is KtBlockExpression -> scope.statements.takeWhile { it.textRange.endOffset <= reference.textRange.startOffset }
                is org.jetbrains.kotlin.psi.KtClassBody -> scope.declarations
                else -> emptyList()
            }
            candidates.filterIsInstance<org.jetbrains.kotlin.psi.KtProperty>().lastOrNull { it.name == name }?.let { property ->
                return property.takeIf { !it.isVar && it.typeReference == null }
            }
            scope = scope.parent
        }
        return null
    }

    /**
     * [type] as the compiler wrote it (`Bitmap`, `List<Face>?`), each simple name qualified as [source] sees it, so that
     * a stand-in of another package can be declared with it: a name the file imports, a stand-in's, or a class of the
     * job's files; Kotlin's own names (`String`, `List`) stay as they are.
     */
    private fun qualified(source: KotlinSource, type: String): String =
        Regex("""(?<![.\w])[A-Z]\w*(\.[A-Z]\w*)*""").replace(type) { match ->
            val first = match.value.substringBefore('.')
            val rest = match.value.removePrefix(first)
            val imported = source.file.importDirectives.firstOrNull { !it.isAllUnder && (it.aliasName ?: it.importedFqName?.shortName()?.asString()) == first }
                ?.importedFqName?.asString()
            val standIn = model.types.values.filter { it.path.size == 1 && it.simpleName == first }.singleOrNull()?.qualifiedName
            // A class of the files: a top-level one, else one nested in a class (`LoginStateMachine.Event`).
            val declared = sources.values.flatMap { file -> file.file.declarations.filterIsInstance<org.jetbrains.kotlin.psi.KtClassOrObject>() }
                .filter { it.name == first }.mapNotNull { it.fqName?.asString() }.singleOrNull()
                ?: sources.values.flatMap { file -> PsiTreeUtil.collectElementsOfType(file.file, org.jetbrains.kotlin.psi.KtClassOrObject::class.java) }
                    .filter { it.name == first }.mapNotNull { it.fqName?.asString() }.singleOrNull()
            (imported ?: standIn ?: declared)?.let { it + rest } ?: match.value
        }

    /**
     * `override val logger` in a class of the files whose supertype is a stand-in (an interface of a library, a base
     * class of a file not given): the stand-in gets the member, so that the override overrides it. A property is `Any?`
     * (an override may narrow a `val`); a function takes the override's parameter types and returns `Any?`.
     */
    private fun overrides(source: KotlinSource, offset: Int, where: String) {
        val leaf = source.file.findElementAt(offset) ?: return
        val member = PsiTreeUtil.getParentOfType(leaf, org.jetbrains.kotlin.psi.KtCallableDeclaration::class.java, false) ?: return
        val owner = PsiTreeUtil.getParentOfType(member, org.jetbrains.kotlin.psi.KtClassOrObject::class.java) ?: return
        val superType = owner.superTypeListEntries.mapNotNull { entry ->
            (entry.typeReference?.typeElement as? KtUserType)?.let { typeOf(source, generateSequence(it) { t -> t.qualifier }.toList().reversed().joinToString(".") { t -> t.referencedName ?: "" }) }
        }.firstOrNull() ?: return refuse(where, member.name ?: "override", "an override of a member of a supertype that is not a stand-in")
        val name = member.name ?: return
        when (member) {
            is org.jetbrains.kotlin.psi.KtProperty, is org.jetbrains.kotlin.psi.KtParameter -> {
                superType.overridden[name] = StandInModel.Overridden(name, isVar = (member as? org.jetbrains.kotlin.psi.KtValVarKeywordOwner)?.valOrVarKeyword?.text == "var",
                    type = member.typeReference?.text?.let { qualified(source, it) }, parameters = null)
            }
            is org.jetbrains.kotlin.psi.KtNamedFunction -> {
                val parameters = member.valueParameters.map { parameter ->
                    (parameter.typeReference?.text ?: return refuse(where, name, "an override whose parameter has no type")).let { qualified(source, it) }
                }
                superType.overridden[name] = StandInModel.Overridden(name, isVar = false, type = null, parameters = parameters,
                    isSuspend = member.hasModifier(org.jetbrains.kotlin.lexer.KtTokens.SUSPEND_KEYWORD))
            }
        }
    }

    /** The name of the stand-in whose value [element] is, when it is a call or a read of one. */
    private fun standInName(element: PsiElement): String? = when (element) {
        is KtQualifiedExpression -> element.selectorExpression?.let(::standInName)
        is KtCallExpression -> (element.calleeExpression as? KtSimpleNameExpression)?.getReferencedName()
        is KtNameReferenceExpression -> element.getReferencedName()
        else -> null
    }?.takeIf { model.named(it).isNotEmpty() }

    companion object {
        const val ROUNDS = 6

        /** At most so many compiles of the copies' own edits (V12, V13) before the rounds. */
        const val EDITS = 3

        private const val TINDER = "com.tinder.StateMachine"
        private val NOT_EXHAUSTIVE = Regex("""^'when' expression must be exhaustive""")
        private val DELEGATE = Regex("""^property delegate must have an? '(?:getValue|setValue)\(""")
        private val NO_CANDIDATE = Regex("""^none of the following candidates is applicable:$""")
        private val INFERENCE = Regex("""^type inference failed\. The value of the type parameter""")
        /** The types whose `contains` an `in` calls, each with its element type as its one type argument. */
        private val CONTAINERS = setOf("kotlin.ranges.ClosedRange", "kotlin.ranges.OpenEndRange", "kotlin.collections.Collection", "kotlin.collections.Iterable")
        /** A line of the candidates' list: `fun minus(other: Int): Float`, `operator fun plus(...)`. */
        private val CANDIDATE = Regex("""^(?:[a-z]+ )*fun .*\(.*\).*$""")
        private val ARITHMETIC_CANDIDATE = Regex("""^(?:[a-z]+ )*fun (?:plus|minus|times|div|rem)\(other: (?:kotlin\.)?Int\): (?:kotlin\.)?(\w+)$""")
        private val NUMBERS = setOf("Int", "Long", "Float", "Double", "Short", "Byte")
        private val UNRESOLVED = Regex("""^unresolved reference '([^']+)'""", RegexOption.IGNORE_CASE)
        /** A value assigned to a stand-in's property, which a stand-in's result type would not take. */
        private val ASSIGNED = Regex("""^assignment type mismatch: actual type is '[^']+', but '[^']*StandInValue\??' was expected""")
        private val MISMATCHES = listOf(
            Regex("""actual type is '[^']*StandInValue\??', but '([^']+)' was expected"""),
            Regex("""inferred type is '[^']*StandInValue\??',? but '([^']+)' was expected"""),
            Regex("""expected '([^']+)', actual '[^']*StandInValue\??'"""),
        )
        /** Mismatches whose actual type is too vague to be a stand-in's own (group 2: the type expected). */
        private val VAGUE_MISMATCHES = listOf(
            Regex("""actual type is '(?:kotlin\.)?(?:Any|Unit)\??', but '([^']+)' was expected"""),
            Regex("""expected '([^']+)', actual '(?:kotlin\.)?(?:Any|Unit)\??'"""),
        )
        /** A suspend function called where the compiler sees no coroutine (in a stand-in's trailing lambda, V11). */
        private val SUSPENSION = listOf(
            Regex("""^suspend function '.*' can only be called from a coroutine or another suspend function"""),
            Regex("""^suspension functions can only be called within coroutine body"""),
        )
        /** `standIn() == true`: the stand-in's result is of the other side's type. */
        private val EQUALITY = Regex("""^operator '(?:==|!=)' cannot be applied to '[^']*StandInValue\??' and '([^']+)'""")
        private val OVERRIDES_NOTHING = Regex("""^'([^']+)' overrides nothing""")
        private val SUBTYPE_MISMATCHES = listOf(
            Regex("""actual type is '(?:[\w.]+<)?([^'<>]+)>?', but '(?:[\w.]+<(?:out )?)?([^'<>]+)>?' was expected"""),
            Regex("""inferred type is '([^']+)',? but '([^']+)' was expected"""),
        )
        private val THROWABLES = setOf("Throwable", "Exception", "RuntimeException")
        private val ASSIGNMENTS = setOf("EQ", "PLUSEQ", "MINUSEQ", "MULTEQ", "DIVEQ", "PERCEQ")

        /** Names of the verification's own library, which a stand-in never stands for. */
        private val LIBRARY_NAMES = setOf("StateMachine", "tinder")

        /**
         * `StandIns PLAN CLASSPATH [CLASSES]`: the rounds for one job, its classes into CLASSES once it compiles; exit
         * status 0 when its Kotlin compiles, 1 otherwise.
         */
        @JvmStatic
        fun main(args: Array<String>) {
            val compiles = try {
                StandIns(File(args[0]), args[1], args.getOrNull(2)?.let(::File)).run()
            } catch (error: PortError) {
                System.err.println(error.problems.joinToString("\n"))
                false
            }
            kotlin.system.exitProcess(if (compiles) 0 else 1)
        }
    }
}
