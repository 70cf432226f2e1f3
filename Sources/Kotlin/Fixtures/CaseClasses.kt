package com.statemachine.spec.fixtures

import java.io.ByteArrayOutputStream
import java.io.DataOutputStream
import java.lang.reflect.Constructor

/**
 * A value of a table machine as the library under test sees it: an instance of a class of its own per case
 * name, as a Kotlin sealed class has one subclass per case, so that the runner's case matchers are the
 * class-based matchers users write with Tinder's DSL: `state<Locked> { }` and `on<InsertCoin> { }` compile
 * to `Matcher.any(Locked::class.java)`, which matches by `Class.isInstance`, and so does the runner's
 * `Matcher.any(CaseClasses.classOf("locked"))`. Equality, hash code and text are the [value]'s.
 */
abstract class CaseInstance(val value: Value) {
    override fun equals(other: Any?): Boolean = other is CaseInstance && other.value == value
    override fun hashCode(): Int = value.hashCode()
    override fun toString(): String = value.toString()
}

/**
 * The class of each case name, made on first use: `com.statemachine.spec.fixtures.cases.<case>`, a final
 * subclass of [CaseInstance] with one constructor taking the [Value]. Defined from a class file written
 * here (no bytecode library is needed).
 */
object CaseClasses : ClassLoader(CaseInstance::class.java.classLoader) {
    private const val PACKAGE = "com.statemachine.spec.fixtures.cases"
    private val constructors = HashMap<String, Constructor<out CaseInstance>>()

    /** The class of [case]: the same class every time, and a different one for every case name. */
    fun classOf(case: String): Class<out CaseInstance> = constructorOf(case).declaringClass

    /** [value] as an instance of its case's class. */
    fun instance(value: Value): CaseInstance = constructorOf(value.case).newInstance(value)

    @Synchronized
    private fun constructorOf(case: String): Constructor<out CaseInstance> = constructors.getOrPut(case) {
        require(isName(case)) { "not a case name: $case" }
        val name = "$PACKAGE.$case"
        val bytes = classFile(name.replace('.', '/'), CaseInstance::class.java.name.replace('.', '/'))
        @Suppress("UNCHECKED_CAST")
        val defined = defineClass(name, bytes, 0, bytes.size) as Class<out CaseInstance>
        defined.getConstructor(Value::class.java)
    }

    /**
     * The class file (Java 8 format, JVMS chapter 4) of `public final class <name> extends <base>` whose one
     * constructor `(Value)` calls `super(value)`.
     */
    private fun classFile(name: String, base: String): ByteArray {
        val bytes = ByteArrayOutputStream()
        DataOutputStream(bytes).run {
            writeInt(0xCAFEBABE.toInt())
            writeShort(0) // minor version
            writeShort(52) // major version: Java 8, which needs no stack map for a method without branches
            writeShort(10) // constant pool count: entries 1 to 9
            writeByte(1); writeUTF(name) // 1 Utf8: this class
            writeByte(7); writeShort(1) // 2 Class #1
            writeByte(1); writeUTF(base) // 3 Utf8: super class
            writeByte(7); writeShort(3) // 4 Class #3
            writeByte(1); writeUTF("<init>") // 5 Utf8
            writeByte(1); writeUTF("(L${Value::class.java.name.replace('.', '/')};)V") // 6 Utf8: the constructor's descriptor
            writeByte(12); writeShort(5); writeShort(6) // 7 NameAndType #5 #6
            writeByte(10); writeShort(4); writeShort(7) // 8 Methodref #4.#7: super's constructor
            writeByte(1); writeUTF("Code") // 9 Utf8
            writeShort(0x0001 or 0x0010 or 0x0020) // public final super
            writeShort(2) // this class
            writeShort(4) // super class
            writeShort(0) // interfaces
            writeShort(0) // fields
            writeShort(1) // methods
            writeShort(0x0001) // public
            writeShort(5) // <init>
            writeShort(6) // (Value)V
            writeShort(1) // attributes: Code
            writeShort(9)
            writeInt(18) // attribute length
            writeShort(2) // max stack
            writeShort(2) // max locals: this, value
            writeInt(6) // code length
            writeByte(0x2a) // aload_0
            writeByte(0x2b) // aload_1
            writeByte(0xb7); writeShort(8) // invokespecial #8
            writeByte(0xb1) // return
            writeShort(0) // exception table
            writeShort(0) // code attributes
            writeShort(0) // class attributes
        }
        return bytes.toByteArray()
    }
}
