// Ported from SignUpForm.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusFormValidation: StateMachineBuilder {

    static let MIN_AGE = 16
    static let MIN_PASSWORD_LENGTH = 10

    typealias State = FormState
    typealias Event = FormEvent
    typealias SideEffect = FormSideEffect

    enum FormState: StateMachineHashable, Codable, Equatable {
        case editing(email: String, password: String, age: Int, errorCount: Int, firstError: String)
        case submitting(email: String, age: Int)
        case submitted(accountId: String)
        case rejected(email: String, message: String)

        enum HashableIdentifier: String { case editing, submitting, submitted, rejected }
    }

    enum FormEvent: StateMachineHashable, Codable, Equatable {
        case email(value: String)
        case password(value: String)
        case age(value: Int)
        case submit
        case accepted(accountId: String)
        case serverError(status: Int, message: String)
        case editAgain

        enum HashableIdentifier: String { case email, password, age, submit, accepted, serverError, editAgain }
    }

    enum FormSideEffect: Codable, Equatable {
        case showErrors(count: Int, first: String)
        case sendSignUp(email: String, age: Int)
        case focusField(name: String)
        case openWelcome
    }

    protocol EmailValidator {
        func isValid(_ email: String) -> Bool
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        func errorsOf(_ form: FormState, _ emailValidator: any EmailValidator) -> [String]
        var emailValidator: any EmailValidator { get }
        var onSideEffect: (FormSideEffect) -> Void { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.editing(email: "", password: "", age: 0, errorCount: 0, firstError: ""))
            state(.editing) {
                on(.email) {
                    // port: not ported, Kotlin line 17: a when used inside an expression `when (it) { …`
                    // val edited = when (it) {
                    //     is FormEvent.FieldChanged.Email -> copy(email = it.value.trim())
                    //     is FormEvent.FieldChanged.Password -> copy(password = it.value)
                    //     is FormEvent.FieldChanged.Age -> copy(age = it.value)
                    // }
                    // val errors = errorsOf(edited, emailValidator)
                    // transitionTo(edited.copy(errorCount = errors.size, firstError = errors.firstOrNull() ?: ""))
                    fatalError("port: SignUpForm.kt:17: a when used inside an expression `when (it) { …` is not ported")
                }
                on(.password) {
                    // port: not ported, Kotlin line 17: a when used inside an expression `when (it) { …`
                    // val edited = when (it) {
                    //     is FormEvent.FieldChanged.Email -> copy(email = it.value.trim())
                    //     is FormEvent.FieldChanged.Password -> copy(password = it.value)
                    //     is FormEvent.FieldChanged.Age -> copy(age = it.value)
                    // }
                    // val errors = errorsOf(edited, emailValidator)
                    // transitionTo(edited.copy(errorCount = errors.size, firstError = errors.firstOrNull() ?: ""))
                    fatalError("port: SignUpForm.kt:17: a when used inside an expression `when (it) { …` is not ported")
                }
                on(.age) {
                    // port: not ported, Kotlin line 17: a when used inside an expression `when (it) { …`
                    // val edited = when (it) {
                    //     is FormEvent.FieldChanged.Email -> copy(email = it.value.trim())
                    //     is FormEvent.FieldChanged.Password -> copy(password = it.value)
                    //     is FormEvent.FieldChanged.Age -> copy(age = it.value)
                    // }
                    // val errors = errorsOf(edited, emailValidator)
                    // transitionTo(edited.copy(errorCount = errors.size, firstError = errors.firstOrNull() ?: ""))
                    fatalError("port: SignUpForm.kt:17: a when used inside an expression `when (it) { …` is not ported")
                }
                on(.submit) {
                    // port: not ported, Kotlin line 30: the property `errors.size`
                    // val errors = errorsOf(this, emailValidator)
                    // if (errors.isEmpty()) {
                    //     transitionTo(FormState.Submitting(email, age), FormSideEffect.SendSignUp(email, age))
                    // } else {
                    //     dontTransition(FormSideEffect.ShowErrors(errors.size, errors.first()))
                    // }
                    fatalError("port: SignUpForm.kt:30: the property `errors.size` is not ported")
                }
            }
            state(.submitting) {
                on(.accepted) { _, event in
                    guard case let .accepted(accountId) = event else { preconditionFailure() }
                    return transition(to: .submitted(accountId: accountId), emit: .openWelcome)
                }
                on(.serverError) {
                    // port: not ported, Kotlin line 40: a when used inside an expression `when (it.status) { …`
                    // val message = when (it.status) {
                    //     409 -> "An account with $email already exists"
                    //     422 -> it.message
                    //     in 500..599 -> "Something went wrong, try again"
                    //     else -> "Error ${it.status}"
                    // }
                    // transitionTo(FormState.Rejected(email, message))
                    fatalError("port: SignUpForm.kt:40: a when used inside an expression `when (it.status) { …` is not ported")
                }
            }
            state(.rejected) {
                on(.editAgain) { state in
                    guard case let .rejected(email, _) = state else { preconditionFailure() }
                    return transition(to: .editing(email: email, password: "", age: MIN_AGE, errorCount: 0, firstError: ""), emit: .focusField(name: "password"))
                }
            }
            state(.submitted)
            onTransition { result in
                guard case .success(let valid) = result else { return }
                if let sideEffect = valid.sideEffect {
                    context.onSideEffect(sideEffect)
                }
            }
        }
    }
}
