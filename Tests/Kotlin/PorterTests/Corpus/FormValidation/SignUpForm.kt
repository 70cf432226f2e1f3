package com.example.form

import com.tinder.StateMachine

object SignUpForm {
    const val MIN_AGE = 16
    const val MIN_PASSWORD_LENGTH = 10

    fun stateMachine(
        emailValidator: EmailValidator,
        onSideEffect: (FormSideEffect) -> Unit = {},
    ): StateMachine<FormState, FormEvent, FormSideEffect> = StateMachine.create {
        initialState(FormState.Editing())

        state<FormState.Editing> {
            on<FormEvent.FieldChanged> {
                val edited = when (it) {
                    is FormEvent.FieldChanged.Email -> copy(email = it.value.trim())
                    is FormEvent.FieldChanged.Password -> copy(password = it.value)
                    is FormEvent.FieldChanged.Age -> copy(age = it.value)
                }
                val errors = errorsOf(edited, emailValidator)
                transitionTo(edited.copy(errorCount = errors.size, firstError = errors.firstOrNull() ?: ""))
            }
            on<FormEvent.Submit> {
                val errors = errorsOf(this, emailValidator)
                if (errors.isEmpty()) {
                    transitionTo(FormState.Submitting(email, age), FormSideEffect.SendSignUp(email, age))
                } else {
                    dontTransition(FormSideEffect.ShowErrors(errors.size, errors.first()))
                }
            }
        }

        state<FormState.Submitting> {
            on<FormEvent.Accepted> {
                transitionTo(FormState.Submitted(it.accountId), FormSideEffect.OpenWelcome)
            }
            on<FormEvent.ServerError> {
                val message = when (it.status) {
                    409 -> "An account with $email already exists"
                    422 -> it.message
                    in 500..599 -> "Something went wrong, try again"
                    else -> "Error ${it.status}"
                }
                transitionTo(FormState.Rejected(email, message))
            }
        }

        state<FormState.Rejected> {
            on<FormEvent.EditAgain> {
                transitionTo(FormState.Editing(email = email, age = MIN_AGE), FormSideEffect.FocusField("password"))
            }
        }

        state<FormState.Submitted> {}

        onTransition {
            val valid = it as? StateMachine.Transition.Valid<FormState, FormEvent, FormSideEffect> ?: return@onTransition
            valid.sideEffect?.let(onSideEffect)
        }
    }

    private fun errorsOf(form: FormState.Editing, emailValidator: EmailValidator): List<String> {
        val errors = mutableListOf<String>()
        if (!emailValidator.isValid(form.email)) errors += "email"
        when {
            form.password.length < MIN_PASSWORD_LENGTH -> errors += "password too short"
            form.password.none { it.isDigit() } -> errors += "password needs a digit"
            form.password.equals(form.email, ignoreCase = true) -> errors += "password equals email"
        }
        if (form.age < MIN_AGE) errors += "age"
        return errors
    }
}
