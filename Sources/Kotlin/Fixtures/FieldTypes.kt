package com.statemachine.spec.fixtures

import java.math.BigDecimal
import java.math.MathContext
import java.math.RoundingMode

/*
 * The field types of version 3 (Spec/SPEC.md, "Field types of version 3"). A field of a [Value] holds a
 * Long, a String, a Boolean, a nested Value, or one of: a finite Double, [NullField], [ListField], [SetField],
 * [MapField]. Two fields are equal when their canonical texts are equal (Double.equals: -0.0 is not 0.0).
 */

/** The absent optional, `null`. */
object NullField {
    override fun toString() = "null"
}

/** A list, `[1,2]`, in order. */
class ListField(val items: List<Any>) {
    override fun equals(other: Any?) = other is ListField && items == other.items
    override fun hashCode() = items.hashCode()
    override fun toString() = Canonical.arr(items.map { Value.fieldText(it) })
}

/** A set, `{"$set":[…]}`: distinct elements whose order does not matter. */
class SetField(val items: List<Any>) {
    override fun equals(other: Any?) = other is SetField && toString() == other.toString()
    override fun hashCode() = toString().hashCode()
    override fun toString() = Canonical.obj("\$set" to Canonical.arr(items.map { Value.fieldText(it) }.sorted()))
}

/** A map, `{"$map":[[k,v],…]}`: distinct keys; the order of entries does not matter. */
class MapField(val entries: List<Pair<Any, Any>>) {
    override fun equals(other: Any?) = other is MapField && toString() == other.toString()
    override fun hashCode() = toString().hashCode()
    override fun toString() = Canonical.obj("\$map" to Canonical.arr(
        entries.map { (key, value) -> Value.fieldText(key) to Value.fieldText(value) }
            .sortedBy { it.first }
            .map { (key, value) -> Canonical.arr(listOf(key, value)) }
    ))
}

object Doubles {
    /**
     * The canonical text of a finite double: the shortest digits that read back as the same double, plain with at
     * least one fraction digit when 1e-6 <= |x| < 1e21 (`3.0`, `0.000001`), otherwise `1.5e-7`, `1.0e21`.
     */
    fun text(value: Double): String {
        require(value.isFinite()) { "$value is not finite" }
        val sign = if (1.0 / value < 0 || value < 0) "-" else ""
        if (value == 0.0) return sign + "0.0"
        val exact = BigDecimal(Math.abs(value))
        return sign + format(shortest(exact) { it.toDouble() == Math.abs(value) })
    }

    /** The double whose digits are the shortest that read back as [value] as a Float (`0.1f` is `0.1`). */
    fun ofFloat(value: Float): Double {
        if (value == 0.0f || !value.isFinite()) return value.toDouble()
        val exact = BigDecimal(value.toDouble())
        return shortest(exact) { it.toFloat() == value }.toDouble()
    }

    private fun shortest(exact: BigDecimal, readsBack: (BigDecimal) -> Boolean): BigDecimal {
        for (precision in 1..17) {
            val rounded = exact.round(MathContext(precision, RoundingMode.HALF_EVEN))
            if (readsBack(rounded)) return rounded
        }
        return exact
    }

    private fun format(decimal: BigDecimal): String {
        val stripped = decimal.stripTrailingZeros()
        val digits = stripped.unscaledValue().abs().toString()
        val point = digits.length - stripped.scale() // value = 0.DIGITS × 10^point
        val exponent = point - 1
        if (exponent >= -6 && exponent < 21) {
            return when {
                point <= 0 -> "0." + "0".repeat(-point) + digits
                point >= digits.length -> digits + "0".repeat(point - digits.length) + ".0"
                else -> digits.substring(0, point) + "." + digits.substring(point)
            }
        }
        val rest = digits.substring(1).ifEmpty { "0" }
        return "${digits[0]}.${rest}e$exponent"
    }
}
