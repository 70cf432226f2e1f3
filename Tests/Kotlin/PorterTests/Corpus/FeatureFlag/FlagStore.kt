package com.example.flags

interface FlagStore {
    fun setPercentage(flagKey: String, percent: Int)
}

interface AuditLog {
    fun record(flagKey: String, message: String)
}

interface Pager {
    fun alert(message: String)
}
