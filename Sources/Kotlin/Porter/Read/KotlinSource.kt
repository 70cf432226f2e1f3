package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.openapi.util.Disposer
import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.PsiErrorElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.cli.common.messages.MessageCollector
import org.jetbrains.kotlin.cli.jvm.compiler.EnvironmentConfigFiles
import org.jetbrains.kotlin.cli.jvm.compiler.KotlinCoreEnvironment
import org.jetbrains.kotlin.compiler.plugin.CompilerPluginRegistrar
import org.jetbrains.kotlin.cli.jvm.config.addJvmClasspathRoots
import org.jetbrains.kotlin.config.CommonConfigurationKeys
import org.jetbrains.kotlin.config.CompilerConfiguration
import org.jetbrains.kotlin.config.JVMConfigurationKeys
import org.jetbrains.kotlin.config.CompilerConfigurationKey
import org.jetbrains.kotlin.psi.KtFile
import org.jetbrains.kotlin.psi.KtPsiFactory

/** A Kotlin file parsed by the Kotlin compiler's own parser, with locations for messages. */
class KotlinSource private constructor(val path: String, val text: String, val file: KtFile) {

    private val lineStarts: IntArray = run {
        val starts = mutableListOf(0)
        text.forEachIndexed { offset, char -> if (char == '\n') starts.add(offset + 1) }
        starts.toIntArray()
    }

    /** The 1-based line of an offset. */
    fun lineOf(offset: Int): Int {
        var low = 0
        var high = lineStarts.size - 1
        while (low < high) {
            val middle = (low + high + 1) / 2
            if (lineStarts[middle] <= offset) low = middle else high = middle - 1
        }
        return low + 1
    }

    fun columnOf(offset: Int): Int = offset - lineStarts[lineOf(offset) - 1] + 1

    fun line(element: PsiElement): Int = lineOf(element.textRange.startOffset)

    /** `file:line:column` of an element's first character. */
    fun location(element: PsiElement): String {
        val offset = element.textRange.startOffset
        return "$path:${lineOf(offset)}:${columnOf(offset)}"
    }

    /** The source lines an element spans, whole. */
    fun linesOf(element: PsiElement): List<String> {
        val first = lineOf(element.textRange.startOffset)
        val last = lineOf(maxOf(element.textRange.startOffset, element.textRange.endOffset - 1))
        return text.split('\n').subList(first - 1, last)
    }

    fun error(element: PsiElement, message: String): PortError =
        PortError(listOf("${location(element)}: error: ${oneLine(message)}"))

    companion object {
        /**
         * One compiler environment for every parse and analysis of this process (creating one costs far more than a
         * parse): the JDK and [Resolution.classpath] are its libraries.
         */
        val environment by lazy {
            val configuration = CompilerConfiguration()
            configuration.put(messageCollectorKey(), MessageCollector.NONE)
            configuration.put(CommonConfigurationKeys.MODULE_NAME, "port")
            configuration.put(JVMConfigurationKeys.JDK_HOME, java.io.File(System.getProperty("java.home")))
            configuration.addJvmClasspathRoots(Resolution.classpath)
            // From Kotlin 2.4 the environment requires an extension storage (older compilers have no such key).
            val storageKey = configurationKey<CompilerPluginRegistrar.ExtensionStorage>(
                "org.jetbrains.kotlin.cli.FrontendConfigurationKeys", "EXTENSIONS_STORAGE",
            )
            if (storageKey != null) configuration.put(storageKey, CompilerPluginRegistrar.ExtensionStorage())
            KotlinCoreEnvironment.createForProduction(
                Disposer.newDisposable(), configuration, EnvironmentConfigFiles.JVM_CONFIG_FILES
            )
        }

        private val project get() = environment.project

        /**
         * The configuration key of the message collector, looked up by name so that one source builds against
         * the compilers of Kotlin 1.9 to 2.4: 1.9 has it in `CLIConfigurationKeys` only, 2.x adds it to
         * `CommonConfigurationKeys`, and from 2.4 naming the old one is a compile error.
         */
        private fun messageCollectorKey(): CompilerConfigurationKey<MessageCollector> {
            val holders = listOf(
                "org.jetbrains.kotlin.config.CommonConfigurationKeys",
                "org.jetbrains.kotlin.cli.common.CLIConfigurationKeys",
            )
            return holders.firstNotNullOfOrNull { configurationKey<MessageCollector>(it, "MESSAGE_COLLECTOR_KEY") }
                ?: throw IllegalStateException("this Kotlin compiler has no MESSAGE_COLLECTOR_KEY in ${holders.joinToString()}")
        }

        /** The configuration key in the static field [name] of the class [holder], or null if there is none. */
        private fun <T : Any> configurationKey(holder: String, name: String): CompilerConfigurationKey<T>? {
            val field = runCatching { Class.forName(holder).getField(name) }.getOrNull() ?: return null
            @Suppress("UNCHECKED_CAST")
            return field.get(null) as? CompilerConfigurationKey<T>
        }

        /**
         * Parses [text]; throws [PortError] listing every syntax error with its location.
         */
        fun parse(path: String, text: String): KotlinSource {
            val name = path.substringAfterLast('/')
            val file = KtPsiFactory(project).createFile(name, text)
            val source = KotlinSource(path, text, file)
            val errors = PsiTreeUtil.collectElementsOfType(file, PsiErrorElement::class.java)
                .sortedBy { it.textRange.startOffset }
            if (errors.isNotEmpty()) {
                throw PortError(errors.map { error ->
                    val offset = error.textRange.startOffset
                    "$path:${source.lineOf(offset)}:${source.columnOf(offset)}: error: ${error.errorDescription}"
                })
            }
            return source
        }
    }
}

/** The files of one port: the file of the machine and the files its types may be declared in. */
class SourceSet(val sources: List<KotlinSource>) {
    fun of(element: PsiElement): KotlinSource =
        sources.firstOrNull { it.file == element.containingFile } ?: sources.first()

    fun line(element: PsiElement): Int = of(element).line(element)
    fun location(element: PsiElement): String = of(element).location(element)
    fun linesOf(element: PsiElement): List<String> = of(element).linesOf(element)
    fun error(element: PsiElement, message: String): PortError = of(element).error(element, message)
}

/** A message on one line: line breaks (in quoted Kotlin) and the spaces around them become one space. */
fun oneLine(message: String): String = message.replace(Regex("\\s*\n\\s*"), " ")
