package com.example.form

sealed class FormState {
    data class Editing(
        val email: String = "",
        val password: String = "",
        val age: Int = 0,
        val errorCount: Int = 0,
        val firstError: String = "",
    ) : FormState()
    data class Submitting(val email: String, val age: Int) : FormState()
    data class Submitted(val accountId: String) : FormState()
    data class Rejected(val email: String, val message: String) : FormState()
}

sealed class FormEvent {
    sealed class FieldChanged : FormEvent() {
        data class Email(val value: String) : FieldChanged()
        data class Password(val value: String) : FieldChanged()
        data class Age(val value: Int) : FieldChanged()
    }
    data object Submit : FormEvent()
    data class Accepted(val accountId: String) : FormEvent()
    data class ServerError(val status: Int, val message: String) : FormEvent()
    data object EditAgain : FormEvent()
}

sealed class FormSideEffect {
    data class ShowErrors(val count: Int, val first: String) : FormSideEffect()
    data class SendSignUp(val email: String, val age: Int) : FormSideEffect()
    data class FocusField(val name: String) : FormSideEffect()
    data object OpenWelcome : FormSideEffect()
}
