package com.statemachine.porter

import java.io.File
import kotlin.system.exitProcess

/**
 * `port-kotlin Machine.kt [-o Machine.swift]`: ports a Tinder-style Kotlin state machine to the Swift DSL.
 *
 * Exit status: 0 the port is complete; 1 the Swift file contains placeholders (`fatalError("port: ...")`),
 * each announced by a warning; 2 the input could not be ported (syntax error, no machine, unsupported type).
 * Warnings and errors go to standard error as `file:line:column: warning|error: ...`.
 */
fun main(args: Array<String>) {
    exitProcess(run(args.toList()))
}

private const val USAGE = "usage: port-kotlin <Machine.kt> [-o <Machine.swift>]"

fun run(args: List<String>): Int {
    var input: String? = null
    var output: String? = null
    var index = 0
    while (index < args.size) {
        val arg = args[index]
        when {
            arg == "-h" || arg == "--help" -> {
                println(USAGE)
                println("Ports the sealed classes and the StateMachine.create { } block of a Kotlin file to Swift.")
                println("Exit status: 0 complete, 1 placeholders emitted (see the warnings), 2 error.")
                return 0
            }
            arg == "-o" || arg == "--output" -> {
                if (index + 1 >= args.size) return usageError("$arg needs a file name")
                output = args[index + 1]
                index += 1
            }
            arg.startsWith("-") -> return usageError("unknown option $arg")
            input == null -> input = arg
            else -> return usageError("one input file only, got $input and $arg")
        }
        index += 1
    }
    val path = input ?: return usageError("no input file")
    val file = File(path)
    if (!file.isFile) {
        System.err.println("port-kotlin: error: cannot read $path: no such file")
        return 2
    }
    val text = file.readText().replace("\r\n", "\n").replace('\r', '\n')

    val source = try {
        KotlinSource.parse(path, text)
    } catch (failure: PortError) {
        failure.problems.forEach { System.err.println(it) }
        return 2
    }
    val result = try {
        Porter(source).port()
    } catch (failure: PortError) {
        failure.problems.forEach { System.err.println(it) }
        return 2
    }
    result.warnings.forEach { System.err.println(it) }
    if (output == null) {
        print(result.swift)
    } else {
        File(output).writeText(result.swift)
    }
    return if (result.warnings.isEmpty()) 0 else 1
}

private fun usageError(message: String): Int {
    System.err.println("port-kotlin: error: $message")
    System.err.println(USAGE)
    return 2
}

/** Problems that stop the port, each already formatted as `file:line:column: error: ...`. */
class PortError(val problems: List<String>) : Exception(problems.joinToString("\n"))
