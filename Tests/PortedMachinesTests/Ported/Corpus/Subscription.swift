// Ported from SubscriptionStateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusSubscription: StateMachineBuilder {

    static let MAX_FAILED_CHARGES = 3

    typealias State = SubscriptionState
    typealias Event = SubscriptionEvent
    typealias SideEffect = SubscriptionSideEffect

    enum SubscriptionState: StateMachineHashable, Codable, Equatable {
        case notSubscribed
        case trial(plan: Plan, endsAt: Instant)
        case active(plan: Plan, renewsAt: Instant, entitlements: Set<String>, discount: Double?)
        case gracePeriod(plan: Plan, until: Instant, failedCharges: Int, lastError: Throwable?)
        case cancelled(plan: Plan, accessUntil: Instant?)
        case expired

        enum HashableIdentifier: String { case notSubscribed, trial, active, gracePeriod, cancelled, expired }
    }

    enum SubscriptionEvent: StateMachineHashable, Codable, Equatable {
        case startTrial(plan: Plan)
        case purchase(plan: Plan, promoDiscount: Double?)
        case renewalCharged(at: Instant)
        case renewalFailed(error: Throwable)
        case changePlan(plan: Plan)
        case cancel
        case resubscribe
        case clockTick(now: Instant)

        enum HashableIdentifier: String { case startTrial, purchase, renewalCharged, renewalFailed, changePlan, cancel, resubscribe, clockTick }
    }

    enum SubscriptionSideEffect: Codable, Equatable {
        case charge(plan: Plan, amount: Double)
        case grantEntitlements(entitlements: Set<String>)
        case revokeEntitlements
        case notifyPaymentProblem(error: Throwable, retryAt: Instant)
        case scheduleReminder(at: Instant)
    }

    enum Plan: Codable, Hashable, CaseIterable {
        case basic, premium, family

        var monthlyPrice: Double {
            switch self {
            case .basic: 4.99
            case .premium: 9.99
            case .family: 14.99
            }
        }
    }

    /// port: Instant is not ported; give it the fields the machine needs.
    struct Instant: Codable, Hashable {}

    /// port: Throwable is not ported; give it the fields the machine needs.
    struct Throwable: Codable, Hashable {}

    /// Not declared in the files given: what the handlers call on it.
    protocol Duration {
    }

    protocol EntitlementStore {
        func grant(_ entitlements: Set<String>)
        func revokeAll()
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var now: Instant { get }
        var trialLength: any Duration { get }
        var entitlements: any EntitlementStore { get }
        var gracePeriod: any Duration { get }
    }

    /// Kotlin's `SubscriptionStateMachine.priceOf`, ported.
    private static func priceOf(_ plan: Plan, _ discount: Double?) -> Double {
        plan.monthlyPrice * (1.0 - (discount ?? 0.0))
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.notSubscribed)
            state(.notSubscribed) {
                on(.startTrial) {
                    // port: not ported, Kotlin line 25: the name `Duration`
                    // val endsAt = now.plus(trialLength)
                    // transitionTo(SubscriptionState.Trial(it.plan, endsAt), SubscriptionSideEffect.ScheduleReminder(endsAt.minus(Duration.ofDays(1))))
                    fatalError("port: SubscriptionStateMachine.kt:25: the name `Duration` is not ported")
                }
                on(.purchase) {
                    // port: not ported, Kotlin line 30: the name `MONTH`
                    // val price = priceOf(it.plan, it.promoDiscount)
                    // transitionTo(
                    //     SubscriptionState.Active(it.plan, now.plus(MONTH), entitlementsFor(it.plan), it.promoDiscount),
                    //     SubscriptionSideEffect.Charge(it.plan, price),
                    // )
                    fatalError("port: SubscriptionStateMachine.kt:30: the name `MONTH` is not ported")
                }
            }
            state(.trial) {
                on(.clockTick) {
                    // port: not ported, Kotlin line 42: the name `MONTH`
                    // if (it.now.isBefore(endsAt)) {
                    //     dontTransition()
                    // } else {
                    //     transitionTo(
                    //         SubscriptionState.Active(plan, it.now.plus(MONTH), entitlementsFor(plan)),
                    //         SubscriptionSideEffect.Charge(plan, plan.monthlyPrice),
                    //     )
                    // }
                    fatalError("port: SubscriptionStateMachine.kt:42: the name `MONTH` is not ported")
                }
                on(.cancel) { state in
                    guard case let .trial(plan, _) = state else { preconditionFailure() }
                    return transition(to: .cancelled(plan: plan, accessUntil: nil), emit: .revokeEntitlements)
                }
            }
            state(.active) {
                onEnter { state, _ in
                    guard case let .active(_, _, entitlements, _) = state else { preconditionFailure() }
                    context.entitlements.grant(entitlements)
                }
                on(.renewalCharged) {
                    // port: not ported, Kotlin line 55: the name `MONTH`
                    // transitionTo(copy(renewsAt = it.at.plus(MONTH)))
                    fatalError("port: SubscriptionStateMachine.kt:55: the name `MONTH` is not ported")
                }
                on(.renewalFailed) { state, event in
                    guard case let .active(plan, _, _, _) = state else { preconditionFailure() }
                    guard case let .renewalFailed(error) = event else { preconditionFailure() }
                    let until = context.now.plus(context.gracePeriod)
                    return transition(to: .gracePeriod(plan: plan, until: until, failedCharges: 1, lastError: error), emit: .notifyPaymentProblem(error: error, retryAt: until))
                }
                on(.changePlan) {
                    // port: not ported, Kotlin line 68: the name `Duration`
                    // when {
                    //     it.plan == plan -> dontTransition()
                    //     it.plan.monthlyPrice > plan.monthlyPrice -> {
                    //         val remainingDays = Duration.between(now, renewsAt).toDays().coerceAtLeast(0)
                    //         val proration = (it.plan.monthlyPrice - plan.monthlyPrice) * remainingDays / 30.0
                    //         transitionTo(
                    //             copy(plan = it.plan, entitlements = entitlementsFor(it.plan)),
                    //             SubscriptionSideEffect.Charge(it.plan, Math.round(proration * 100) / 100.0),
                    //         )
                    //     }
                    //     else -> transitionTo(copy(plan = it.plan, entitlements = entitlementsFor(it.plan)))
                    // }
                    fatalError("port: SubscriptionStateMachine.kt:68: the name `Duration` is not ported")
                }
                on(.cancel) { state in
                    guard case let .active(plan, renewsAt, _, _) = state else { preconditionFailure() }
                    return transition(to: .cancelled(plan: plan, accessUntil: renewsAt), emit: .scheduleReminder(at: renewsAt))
                }
            }
            state(.gracePeriod) {
                on(.renewalCharged) {
                    // port: not ported, Kotlin line 85: the name `MONTH`
                    // transitionTo(SubscriptionState.Active(plan, it.at.plus(MONTH), entitlementsFor(plan)))
                    fatalError("port: SubscriptionStateMachine.kt:85: the name `MONTH` is not ported")
                }
                on(.renewalFailed) { state, event in
                    guard case let .gracePeriod(plan, until, failedCharges, _) = state else { preconditionFailure() }
                    guard case let .renewalFailed(error) = event else { preconditionFailure() }
                    if failedCharges + 1 >= MAX_FAILED_CHARGES {
                        return transition(to: .expired, emit: .revokeEntitlements)
                    } else {
                        return transition(to: .gracePeriod(plan: plan, until: until, failedCharges: failedCharges + 1, lastError: error), emit: .notifyPaymentProblem(error: error, retryAt: until))
                    }
                }
                on(.clockTick) { state, event in
                    guard case let .gracePeriod(_, until, _, _) = state else { preconditionFailure() }
                    guard case let .clockTick(now) = event else { preconditionFailure() }
                    if now.isAfter(until) {
                        return transition(to: .expired, emit: .revokeEntitlements)
                    } else {
                        return dontTransition()
                    }
                }
            }
            state(.cancelled) {
                on(.clockTick) { state, event in
                    guard case let .cancelled(_, stateAccessUntil) = state else { preconditionFailure() }
                    guard case let .clockTick(now) = event else { preconditionFailure() }
                    guard let accessUntil = stateAccessUntil else {
                        return transition(to: .expired)
                    }
                    if now.isAfter(accessUntil) {
                        return transition(to: .expired, emit: .revokeEntitlements)
                    } else {
                        return dontTransition()
                    }
                }
                on(.resubscribe) {
                    // port: not ported, Kotlin line 113: the name `MONTH`
                    // transitionTo(
                    //     SubscriptionState.Active(plan, accessUntil ?: now.plus(MONTH), entitlementsFor(plan)),
                    //     if (accessUntil == null) SubscriptionSideEffect.Charge(plan, plan.monthlyPrice) else null,
                    // )
                    fatalError("port: SubscriptionStateMachine.kt:113: the name `MONTH` is not ported")
                }
            }
            state(.expired) {
                on(.purchase) {
                    // port: not ported, Kotlin line 122: the name `MONTH`
                    // transitionTo(
                    //     SubscriptionState.Active(it.plan, now.plus(MONTH), entitlementsFor(it.plan), it.promoDiscount),
                    //     SubscriptionSideEffect.Charge(it.plan, priceOf(it.plan, it.promoDiscount)),
                    // )
                    fatalError("port: SubscriptionStateMachine.kt:122: the name `MONTH` is not ported")
                }
            }
            onTransition { _ in
                // port: not ported, Kotlin line 129: the cast `transition as? StateMachine.Transition.Valid`
                // (transition as? StateMachine.Transition.Valid)?.sideEffect?.let { sideEffect ->
                //     when (sideEffect) {
                //         is SubscriptionSideEffect.Charge -> billing.charge(sideEffect.plan, sideEffect.amount)
                //         is SubscriptionSideEffect.GrantEntitlements -> entitlements.grant(sideEffect.entitlements)
                //         SubscriptionSideEffect.RevokeEntitlements -> entitlements.revokeAll()
                //         is SubscriptionSideEffect.NotifyPaymentProblem -> notifications.paymentProblem(
                //             sideEffect.error.localizedMessage ?: "Payment failed",
                //             sideEffect.retryAt,
                //         )
                //         is SubscriptionSideEffect.ScheduleReminder -> notifications.remindAt(sideEffect.at)
                //     }
                // }
                fatalError("port: SubscriptionStateMachine.kt:129: the cast `transition as? StateMachine.Transition.Valid` is not ported")
            }
        }
    }
}
