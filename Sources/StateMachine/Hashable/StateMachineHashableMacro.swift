/// Tinder's `@StateMachineHashable` macro, declared only to say what to do instead.
///
/// This library needs no macro: declare the conformance and, when a case carries values, a
/// nested identifier enum naming the cases. `statemachine migrate` rewrites Tinder's macro this way:
///
/// ```swift
/// enum State: StateMachineHashable {
///     case locked(credit: Int), unlocked
///     enum HashableIdentifier: String { case locked, unlocked }
/// }
/// ```
///
/// > Note: The declaration names a macro implementation that does not exist, so building this
/// > module prints one warning ("external macro implementation type … could not be found"); using
/// > the macro is an error whose message says what to do.
@available(
    *, unavailable,
    message: "this library needs no macro: run `statemachine migrate` on this file, or write `enum X: StateMachineHashable` with a nested `enum HashableIdentifier: String { case … }` naming the cases"
)
@attached(extension, conformances: StateMachineHashable, names: named(HashableIdentifier))
public macro StateMachineHashable() = #externalMacro(module: "StateMachineMacros", type: "StateMachineHashableMacro")
