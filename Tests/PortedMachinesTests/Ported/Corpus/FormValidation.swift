// Ported from SignUpForm.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import Foundation
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
                on(.email) { state, event in
                    guard case let .editing(email, password, age, errorCount, firstError) = state else { preconditionFailure() }
                    let edited: FormState = switch event {
                    case let .email(value):
                        .editing(email: value.trimmingCharacters(in: .whitespacesAndNewlines), password: password, age: age, errorCount: errorCount, firstError: firstError)
                    case let .password(value):
                        .editing(email: email, password: value, age: age, errorCount: errorCount, firstError: firstError)
                    case let .age(value):
                        .editing(email: email, password: password, age: value, errorCount: errorCount, firstError: firstError)
                    default:
                        preconditionFailure("the Kotlin when covers every value the subject can have here")
                    }
                    guard case let .editing(editedEmail, editedPassword, editedAge, _, _) = edited else { preconditionFailure() }
                    let errors = context.errorsOf(edited, context.emailValidator)
                    return transition(to: .editing(email: editedEmail, password: editedPassword, age: editedAge, errorCount: errors.count, firstError: errors.first ?? ""))
                }
                on(.password) { state, event in
                    guard case let .editing(email, password, age, errorCount, firstError) = state else { preconditionFailure() }
                    let edited: FormState = switch event {
                    case let .email(value):
                        .editing(email: value.trimmingCharacters(in: .whitespacesAndNewlines), password: password, age: age, errorCount: errorCount, firstError: firstError)
                    case let .password(value):
                        .editing(email: email, password: value, age: age, errorCount: errorCount, firstError: firstError)
                    case let .age(value):
                        .editing(email: email, password: password, age: value, errorCount: errorCount, firstError: firstError)
                    default:
                        preconditionFailure("the Kotlin when covers every value the subject can have here")
                    }
                    guard case let .editing(editedEmail, editedPassword, editedAge, _, _) = edited else { preconditionFailure() }
                    let errors = context.errorsOf(edited, context.emailValidator)
                    return transition(to: .editing(email: editedEmail, password: editedPassword, age: editedAge, errorCount: errors.count, firstError: errors.first ?? ""))
                }
                on(.age) { state, event in
                    guard case let .editing(email, password, age, errorCount, firstError) = state else { preconditionFailure() }
                    let edited: FormState = switch event {
                    case let .email(value):
                        .editing(email: value.trimmingCharacters(in: .whitespacesAndNewlines), password: password, age: age, errorCount: errorCount, firstError: firstError)
                    case let .password(value):
                        .editing(email: email, password: value, age: age, errorCount: errorCount, firstError: firstError)
                    case let .age(value):
                        .editing(email: email, password: password, age: value, errorCount: errorCount, firstError: firstError)
                    default:
                        preconditionFailure("the Kotlin when covers every value the subject can have here")
                    }
                    guard case let .editing(editedEmail, editedPassword, editedAge, _, _) = edited else { preconditionFailure() }
                    let errors = context.errorsOf(edited, context.emailValidator)
                    return transition(to: .editing(email: editedEmail, password: editedPassword, age: editedAge, errorCount: errors.count, firstError: errors.first ?? ""))
                }
                on(.submit) { state in
                    guard case let .editing(email, _, age, _, _) = state else { preconditionFailure() }
                    let errors = context.errorsOf(state, context.emailValidator)
                    if errors.isEmpty {
                        return transition(to: .submitting(email: email, age: age), emit: .sendSignUp(email: email, age: age))
                    } else {
                        return dontTransition(emit: .showErrors(count: errors.count, first: errors[0]))
                    }
                }
            }
            state(.submitting) {
                on(.accepted) { _, event in
                    guard case let .accepted(accountId) = event else { preconditionFailure() }
                    return transition(to: .submitted(accountId: accountId), emit: .openWelcome)
                }
                on(.serverError) { state, event in
                    guard case let .submitting(email, _) = state else { preconditionFailure() }
                    guard case let .serverError(status, eventMessage) = event else { preconditionFailure() }
                    let message: String = switch status {
                    case 409:
                        "An account with \(email) already exists"
                    case 422:
                        eventMessage
                    case 500...599:
                        "Something went wrong, try again"
                    default:
                        "Error \(status)"
                    }
                    return transition(to: .rejected(email: email, message: message))
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
