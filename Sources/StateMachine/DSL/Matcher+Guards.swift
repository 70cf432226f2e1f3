extension StateMachineTypes.Matcher {

    /// What a diagram writes between `[` and `]` for one predicate of a matcher.
    enum Guard {
        /// A predicate without a name: `[guard]`.
        case unnamed
        /// A predicate named by ``where(_:_:)``: `[credit ≥ 50]`.
        case named(String)
        /// The predicate of ``eq(_:)``: `[event == insertCoin(10)]`, the value described when
        /// the diagram is drawn.
        case equal(() -> String)
    }

    /// This matcher, narrowed to the values for which `predicate` is true, with the text
    /// diagrams write for the guard: `[label]` instead of `[guard]`.
    ///
    /// ```swift
    /// state(.locked) {
    ///     on(.any(.insertCoin).where("coin ≥ 50") { try $0.value() >= 50 }, to: .unlocked) { … }
    /// }
    /// // locked --> unlocked: insertCoin [coin ≥ 50]
    /// ```
    ///
    /// The label is only drawn: the predicate alone decides whether the matcher applies.
    ///
    /// - Parameters:
    ///   - label: A short text saying what the predicate checks.
    ///   - predicate: Decides whether a value of the case matches; an error it throws reaches the
    ///     caller of `transition`, like an error thrown by a handler.
    public func `where`(_ label: String, _ predicate: @escaping (Value) throws -> Bool) -> Self {
        Self(identifier: identifier, predicates: predicates + [predicate], guards: guards + [.named(label)])
    }

    /// The texts of the guards, in order: `guard` for an unnamed predicate, the label of a named
    /// one, `subject == value` for ``eq(_:)`` (`subject` is `state` or `event`).
    func guardTexts(of subject: String) -> [String] {
        guards.map { text in
            switch text {
            case .unnamed: "guard"
            case .named(let label): label
            case .equal(let value): "\(subject) == \(value())"
            }
        }
    }
}
