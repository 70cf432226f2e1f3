package com.statemachine.porter

import org.jetbrains.kotlin.cli.jvm.compiler.NoScopeRecordCliBindingTrace
import org.jetbrains.kotlin.cli.jvm.compiler.TopDownAnalyzerFacadeForJVM
import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.descriptors.CallableDescriptor
import org.jetbrains.kotlin.descriptors.ClassDescriptor
import org.jetbrains.kotlin.descriptors.DeclarationDescriptor
import org.jetbrains.kotlin.descriptors.TypeParameterDescriptor
import org.jetbrains.kotlin.name.FqName
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtCallElement
import org.jetbrains.kotlin.psi.KtElement
import org.jetbrains.kotlin.psi.KtQualifiedExpression
import org.jetbrains.kotlin.psi.KtValueArgument
import org.jetbrains.kotlin.resolve.calls.util.getResolvedCall
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtReferenceExpression
import org.jetbrains.kotlin.psi.KtTypeReference
import org.jetbrains.kotlin.resolve.BindingContext
import org.jetbrains.kotlin.resolve.DescriptorToSourceUtils
import org.jetbrains.kotlin.resolve.descriptorUtil.fqNameSafe
import org.jetbrains.kotlin.types.KotlinType
import org.jetbrains.kotlin.types.TypeUtils
import java.io.File

/**
 * The porter's second phase: what the Kotlin compiler's own analysis says of the files given, so that names and types
 * are taken from it rather than guessed from the syntax. Every name is bound to the declaration the compiler binds it
 * to (`Event.Completed.Load` and `Event.Timeout.Load` are two classes, whatever their simple names); every
 * expression has the type the compiler gives it (`logger` of `Logger?` is nullable).
 *
 * The analysis sees the files given, the JDK, the Kotlin standard library and a Tinder-compatible `com.tinder`
 * StateMachine ([classpath]). What it cannot resolve — a type of a module the porter was not given, `android.*` —
 * has no target here: the porter says so at its line instead of binding the name to something else.
 */
class Resolution private constructor(private val context: BindingContext, private val analyzed: Set<PsiElement>) {

    /** Whether [element] is in the files the compiler analyzed (not in a declaration the porter made up). */
    fun analyzed(element: PsiElement): Boolean = element.containingFile in analyzed

    /** The declaration [reference] names: a class, an object, a property, a function, a parameter. */
    fun target(reference: KtReferenceExpression): DeclarationDescriptor? =
        context[BindingContext.REFERENCE_TARGET, reference]
            ?: context[BindingContext.AMBIGUOUS_REFERENCE_TARGET, reference]?.singleOrNull()

    /**
     * The fully qualified name of what [reference] names, `com.example.Event.Timeout.Load`; for a constructor call
     * (`Load(1)`), the class's.
     */
    fun fqName(reference: KtReferenceExpression): FqName? = target(reference)?.let { target ->
        if (target is org.jetbrains.kotlin.descriptors.ConstructorDescriptor) fqNameOf(target.constructedClass) else fqNameOf(target)
    }

    /** The class a type reference names (`Event.Completed.Load`), without its type arguments or `?`. */
    fun classOf(typeReference: KtTypeReference): FqName? =
        context[BindingContext.TYPE, typeReference]?.let { classOf(it) }

    /**
     * Whether [expression]'s value is used (`val x = when …`, the result of a lambda whose type is not `Unit`), as the
     * compiler decides it; null where the analysis did not say.
     */
    fun usedAsExpression(expression: KtExpression): Boolean? = context[BindingContext.USED_AS_EXPRESSION, expression]

    /** The type the compiler gives [expression]; null where it could not tell (an error in the analysis). */
    fun type(expression: KtExpression): KotlinType? =
        context.getType(expression)?.takeUnless { org.jetbrains.kotlin.types.error.ErrorUtils.containsErrorType(it) }

    /**
     * The type [expression] is passed as where it is an argument of a call or an operator: the parameter's type, with
     * the call's type arguments as the compiler inferred them (`edit` of `listOf(edit)` given to a `List<EditorEvent>`
     * is passed as an `EditorEvent`; `edit` of `undoStack + edit`, as the list's element type); null elsewhere.
     */
    fun expectedType(expression: KtExpression, depth: Int = 0): KotlinType? {
        val parent = expression.parent
        // The left operand of an operator function (`changes + OrderEvent.Send`): its receiver, as the call types it.
        if (parent is KtBinaryExpression && parent.left == expression) {
            val resolved = parent.getResolvedCall(context) ?: return null
            val receiver = resolved.resultingDescriptor.extensionReceiverParameter ?: resolved.resultingDescriptor.dispatchReceiverParameter
            return receiver?.type?.takeUnless { org.jetbrains.kotlin.types.error.ErrorUtils.containsErrorType(it) }
        }
        val call = when {
            parent is KtValueArgument -> PsiTreeUtil.getParentOfType(parent, KtCallElement::class.java)
            parent is KtBinaryExpression && parent.right == expression -> parent
            else -> null
        } ?: return null
        val resolved = call.getResolvedCall(context) ?: return null
        for ((parameter, argument) in resolved.valueArguments) {
            if (argument.arguments.none { it.getArgumentExpression() == expression }) continue
            val type = parameter.varargElementType ?: parameter.type
            // A parameter of the function's own type parameter (`listOf(vararg elements: T)`): the compiler may have
            // inferred T from the argument (`listOf(add)` as `List<Add>`) where the call is passed as a wider type
            // (`List<Change>`); that type's argument is what the value is passed as.
            val original = parameter.original.let { it.varargElementType ?: it.type }
            if (original.constructor.declarationDescriptor is TypeParameterDescriptor && depth < 8) {
                val whole = (call.parent as? KtQualifiedExpression)?.takeIf { it.selectorExpression == call } ?: call
                if (whole is KtExpression) {
                    expectedType(whole, depth + 1)?.arguments?.singleOrNull()?.type?.let { return it }
                }
            }
            return type.takeUnless { org.jetbrains.kotlin.types.error.ErrorUtils.containsErrorType(it) }
        }
        return null
    }

    /** Whether [expression]'s type is nullable (`Logger?`); null when the type is not known. */
    fun isNullable(expression: KtExpression): Boolean? = type(expression)?.let { TypeUtils.isNullableType(it) }

    /** The declared type of a property, parameter or function result named by [reference]. */
    fun declaredType(reference: KtReferenceExpression): KotlinType? =
        (target(reference) as? CallableDescriptor)?.returnType?.takeUnless { org.jetbrains.kotlin.types.error.ErrorUtils.containsErrorType(it) }

    /** The type the compiler gives a property of the files, written or inferred (`ArrayList<PlayerEffect>()`'s). */
    fun propertyType(property: org.jetbrains.kotlin.psi.KtProperty): KotlinType? =
        (context[BindingContext.DECLARATION_TO_DESCRIPTOR, property] as? CallableDescriptor)?.returnType
            ?.takeUnless { org.jetbrains.kotlin.types.error.ErrorUtils.containsErrorType(it) }

    /**
     * [type] as Kotlin source with qualified class names (`java.util.ArrayList<com.example.PlayerEffect>`); null for a
     * type that is not a class (a type parameter, a function type's projections).
     */
    fun render(type: KotlinType): String? {
        val name = classOf(type)?.asString() ?: return null
        val arguments = type.arguments.map { if (it.isStarProjection) return null else render(it.type) ?: return null }
        val nullable = if (TypeUtils.isNullableType(type)) "?" else ""
        return name + (if (arguments.isEmpty()) "" else arguments.joinToString(", ", "<", ">")) + nullable
    }

    /** The compiler's class of a class declaration of the files. */
    fun descriptor(declaration: org.jetbrains.kotlin.psi.KtClassOrObject): ClassDescriptor? =
        context[BindingContext.CLASS, declaration]

    /** The source declaration of what [reference] names, when it is in the files given. */
    fun declaration(reference: KtReferenceExpression): PsiElement? =
        target(reference)?.let { DescriptorToSourceUtils.descriptorToDeclaration(it) }?.takeIf { it.containingFile in analyzed }

    /**
     * Whether [member], declared `override`, overrides nothing the compiler knows: a member of a supertype it could
     * not resolve.
     */
    fun overridesUnknown(member: org.jetbrains.kotlin.psi.KtDeclaration): Boolean {
        // A constructor's `override val`: the property it declares.
        val descriptor = (member as? org.jetbrains.kotlin.psi.KtParameter)?.let { context[BindingContext.PRIMARY_CONSTRUCTOR_PARAMETER, it] }
            ?: context[BindingContext.DECLARATION_TO_DESCRIPTOR, member]
        return (descriptor as? org.jetbrains.kotlin.descriptors.CallableMemberDescriptor)?.overriddenDescriptors?.isEmpty() ?: true
    }

    companion object {
        /**
         * The libraries the analysis sees: the `porter.classpath` system property (the Kotlin standard library and the
         * `com.tinder` StateMachine, set by scripts/port-kotlin), or the standard library the porter runs with.
         */
        val classpath: List<File> by lazy {
            val given = System.getProperty("porter.classpath")
            if (given != null) given.split(File.pathSeparator).filter { it.isNotEmpty() }.map(::File)
            else listOfNotNull(Unit::class.java.protectionDomain?.codeSource?.location?.toURI()?.let(::File))
        }

        /** Whether [classpath] has a `com.tinder.StateMachine`: without it the DSL's lambdas are not typed. */
        val hasStateMachine: Boolean by lazy {
            classpath.any { root ->
                if (root.isDirectory) File(root, "com/tinder/StateMachine.class").isFile
                else runCatching { java.util.zip.ZipFile(root).use { it.getEntry("com/tinder/StateMachine.class") != null } }.getOrDefault(false)
            }
        }

        /**
         * Analyzes [sources] together, as one module. The analysis is the compiler's K1 frontend, which every compiler
         * from 1.9 on carries (2.4 marks it deprecated); the trace is made by reflection because its constructor
         * takes the project from 2.0 on and nothing before.
         */
        @Suppress("DEPRECATION", "DEPRECATION_ERROR")
        fun analyze(sources: List<KotlinSource>): Resolution {
            val environment = KotlinSource.environment
            val files = sources.map { it.file }
            val constructors = NoScopeRecordCliBindingTrace::class.java.constructors
            val trace = (constructors.firstOrNull { it.parameterCount == 1 }?.newInstance(environment.project)
                ?: constructors.first { it.parameterCount == 0 }.newInstance()) as NoScopeRecordCliBindingTrace
            val result = TopDownAnalyzerFacadeForJVM.analyzeFilesWithJavaIntegration(
                environment.project, files, trace, environment.configuration, environment::createPackagePartProvider
            )
            return Resolution(result.bindingContext, files.toSet())
        }

        fun fqNameOf(descriptor: DeclarationDescriptor): FqName = descriptor.fqNameSafe

        fun classOf(type: KotlinType): FqName? =
            (type.constructor.declarationDescriptor as? ClassDescriptor)?.let { fqNameOf(it) }
    }
}

/** The fully qualified name a Kotlin class declaration of the files has, `com.example.Event.Timeout.Load`. */
fun KtElement.declaredFqName(): FqName? = (this as? org.jetbrains.kotlin.psi.KtClassOrObject)?.fqName
