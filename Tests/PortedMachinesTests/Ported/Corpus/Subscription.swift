// Ported from SubscriptionStateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import Foundation
import StateMachine

enum CorpusSubscription: StateMachineBuilder {

    static let MONTH: Duration = Duration.seconds(30 * 86400)
    static let MAX_FAILED_CHARGES = 3

    typealias State = SubscriptionState
    typealias Event = SubscriptionEvent
    typealias SideEffect = SubscriptionSideEffect

    enum SubscriptionState: StateMachineHashable, Codable, Equatable {
        case notSubscribed
        case trial(plan: Plan, endsAt: Date)
        case active(plan: Plan, renewsAt: Date, entitlements: Set<String>, discount: Double?)
        case gracePeriod(plan: Plan, until: Date, failedCharges: Int, lastError: KotlinThrowable?)
        case cancelled(plan: Plan, accessUntil: Date?)
        case expired

        enum HashableIdentifier: String { case notSubscribed, trial, active, gracePeriod, cancelled, expired }
    }

    enum SubscriptionEvent: StateMachineHashable, Codable, Equatable {
        case startTrial(plan: Plan)
        case purchase(plan: Plan, promoDiscount: Double?)
        case renewalCharged(at: Date)
        case renewalFailed(error: KotlinThrowable)
        case changePlan(plan: Plan)
        case cancel
        case resubscribe
        case clockTick(now: Date)

        enum HashableIdentifier: String { case startTrial, purchase, renewalCharged, renewalFailed, changePlan, cancel, resubscribe, clockTick }
    }

    enum SubscriptionSideEffect: Codable, Equatable {
        case charge(plan: Plan, amount: Double)
        case grantEntitlements(entitlements: Set<String>)
        case revokeEntitlements
        case notifyPaymentProblem(error: KotlinThrowable, retryAt: Date)
        case scheduleReminder(at: Date)
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

    /// A key of a throwable as a fixture writes it: its class name, then `message`.
    struct ThrowableCodingKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ stringValue: String) { self.stringValue = stringValue }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A Kotlin `Throwable` a value carries (`IOException("disk full")`): its class name and message. Kotlin
    /// compares throwables by identity, and so does this: two are equal only when they are the same one. It is
    /// written as a fixture writes a throwable, `{"iOException": {"message": "disk full"}}`.
    final class KotlinThrowable: Error, Hashable, Codable, CustomStringConvertible, @unchecked Sendable {
        let type: String
        let message: String?

        init(_ type: String, _ message: String? = nil) {
            self.type = type
            self.message = message
        }

        static func == (lhs: KotlinThrowable, rhs: KotlinThrowable) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        /// Kotlin's `toString()`: the class's qualified name, then the message.
        var description: String { message.map { "\(qualifiedType): \($0)" } ?? qualifiedType }

        private var qualifiedType: String { Self.packages[type].map { "\($0).\(type)" } ?? type }

        private static let packages = [
            "Throwable": "java.lang", "Exception": "java.lang", "Error": "java.lang",
            "RuntimeException": "java.lang", "IOException": "java.io", "IllegalStateException": "java.lang",
            "IllegalArgumentException": "java.lang", "UnsupportedOperationException": "java.lang", "TimeoutException": "java.util.concurrent",
            "CancellationException": "java.util.concurrent", "SocketTimeoutException": "java.net", "UnknownHostException": "java.net",
            "FileNotFoundException": "java.io", "NoSuchElementException": "java.util",
        ]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ThrowableCodingKey.self)
            var fields = container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: ThrowableCodingKey(type.prefix(1).lowercased() + type.dropFirst()))
            try fields.encode(message, forKey: ThrowableCodingKey("message"))
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ThrowableCodingKey.self)
            guard container.allKeys.count == 1, let name = container.allKeys.first else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a throwable is {\"class\": {\"message\": …}}"))
            }
            type = name.stringValue.prefix(1).uppercased() + name.stringValue.dropFirst()
            message = try container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: name).decodeIfPresent(String.self, forKey: ThrowableCodingKey("message"))
        }
    }

    protocol EntitlementStore {
        func grant(_ entitlements: Set<String>)
        func revokeAll()
    }

    protocol BillingClient {
        func charge(_ plan: Plan, _ amount: Double)
    }

    protocol Notifications {
        func paymentProblem(_ message: String, _ retryAt: Date)
        func remindAt(_ at: Date)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var now: Date { get }
        var trialLength: Duration { get }
        var entitlements: any EntitlementStore { get }
        var gracePeriod: Duration { get }
        var billing: any BillingClient { get }
        var notifications: any Notifications { get }
    }

    /// A duration in seconds, as `Date.addingTimeInterval(_:)` takes it (Kotlin adds a `java.time.Duration`).
    static func durationSeconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// A `java.time.Duration`'s whole seconds as Java counts them: rounded down, so -0.5 s is -1 s.
    static func javaSeconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return attoseconds < 0 ? seconds - 1 : seconds
    }

    /// Java's `Math.round` (and Kotlin's `roundToLong()`): the nearest whole number, halves toward positive
    /// infinity; values past Int64's range are its bounds, and NaN is 0 (where Kotlin's `roundToLong()` throws).
    static func roundHalfUp(_ value: Double) -> Int64 {
        guard !value.isNaN else { return 0 }
        let floor = value.rounded(.down)
        let rounded = value - floor >= 0.5 ? floor + 1 : floor
        if rounded >= 9_223_372_036_854_775_808.0 { return .max }
        if rounded < -9_223_372_036_854_775_808.0 { return .min }
        return Int64(rounded)
    }

    /// Kotlin's `SubscriptionStateMachine.priceOf`, ported.
    private static func priceOf(_ plan: Plan, _ discount: Double?) -> Double {
        plan.monthlyPrice * (1.0 - (discount ?? 0.0))
    }

    /// Kotlin's `SubscriptionStateMachine.entitlementsFor`, ported.
    private static func entitlementsFor(_ plan: Plan) -> Set<String> {
        switch plan {
        case Plan.basic:
            return ["ads_free"]
        case Plan.premium:
            return ["ads_free", "offline", "hd"]
        case Plan.family:
            return ["ads_free", "offline", "hd", "family_sharing"]
        }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.notSubscribed)
            state(.notSubscribed) {
                on(.startTrial) { _, event in
                    guard case let .startTrial(plan) = event else { preconditionFailure() }
                    let endsAt = context.now.addingTimeInterval(durationSeconds(context.trialLength))
                    return transition(to: .trial(plan: plan, endsAt: endsAt), emit: .scheduleReminder(at: endsAt.addingTimeInterval(-durationSeconds(Duration.seconds(1 * 86400)))))
                }
                on(.purchase) { _, event in
                    guard case let .purchase(plan, promoDiscount) = event else { preconditionFailure() }
                    let price = priceOf(plan, promoDiscount)
                    return transition(to: .active(plan: plan, renewsAt: context.now.addingTimeInterval(durationSeconds(MONTH)), entitlements: entitlementsFor(plan), discount: promoDiscount), emit: .charge(plan: plan, amount: price))
                }
            }
            state(.trial) {
                on(.clockTick) { state, event in
                    guard case let .trial(plan, endsAt) = state else { preconditionFailure() }
                    guard case let .clockTick(now) = event else { preconditionFailure() }
                    if (now < endsAt) {
                        return dontTransition()
                    } else {
                        return transition(to: .active(plan: plan, renewsAt: now.addingTimeInterval(durationSeconds(MONTH)), entitlements: entitlementsFor(plan), discount: nil), emit: .charge(plan: plan, amount: plan.monthlyPrice))
                    }
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
                on(.renewalCharged) { state, event in
                    guard case let .active(plan, _, entitlements, discount) = state else { preconditionFailure() }
                    guard case let .renewalCharged(at) = event else { preconditionFailure() }
                    return transition(to: .active(plan: plan, renewsAt: at.addingTimeInterval(durationSeconds(MONTH)), entitlements: entitlements, discount: discount))
                }
                on(.renewalFailed) { state, event in
                    guard case let .active(plan, _, _, _) = state else { preconditionFailure() }
                    guard case let .renewalFailed(error) = event else { preconditionFailure() }
                    let until = context.now.addingTimeInterval(durationSeconds(context.gracePeriod))
                    return transition(to: .gracePeriod(plan: plan, until: until, failedCharges: 1, lastError: error), emit: .notifyPaymentProblem(error: error, retryAt: until))
                }
                on(.changePlan) { state, event in
                    guard case let .active(plan, renewsAt, _, discount) = state else { preconditionFailure() }
                    guard case let .changePlan(eventPlan) = event else { preconditionFailure() }
                    if eventPlan == plan {
                        return dontTransition()
                    } else if eventPlan.monthlyPrice > plan.monthlyPrice {
                        let remainingDays = max(javaSeconds(Duration.seconds(renewsAt.timeIntervalSince(context.now))) / 86400, 0)
                        let proration = (eventPlan.monthlyPrice - plan.monthlyPrice) * Double(remainingDays) / 30.0
                        return transition(to: .active(plan: eventPlan, renewsAt: renewsAt, entitlements: entitlementsFor(eventPlan), discount: discount), emit: .charge(plan: eventPlan, amount: Double(roundHalfUp(proration * 100)) / 100.0))
                    } else {
                        return transition(to: .active(plan: eventPlan, renewsAt: renewsAt, entitlements: entitlementsFor(eventPlan), discount: discount))
                    }
                }
                on(.cancel) { state in
                    guard case let .active(plan, renewsAt, _, _) = state else { preconditionFailure() }
                    return transition(to: .cancelled(plan: plan, accessUntil: renewsAt), emit: .scheduleReminder(at: renewsAt))
                }
            }
            state(.gracePeriod) {
                on(.renewalCharged) { state, event in
                    guard case let .gracePeriod(plan, _, _, _) = state else { preconditionFailure() }
                    guard case let .renewalCharged(at) = event else { preconditionFailure() }
                    return transition(to: .active(plan: plan, renewsAt: at.addingTimeInterval(durationSeconds(MONTH)), entitlements: entitlementsFor(plan), discount: nil))
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
                    if (now > until) {
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
                    if (now > accessUntil) {
                        return transition(to: .expired, emit: .revokeEntitlements)
                    } else {
                        return dontTransition()
                    }
                }
                on(.resubscribe) { state in
                    guard case let .cancelled(plan, accessUntil) = state else { preconditionFailure() }
                    return transition(to: .active(plan: plan, renewsAt: accessUntil ?? context.now.addingTimeInterval(durationSeconds(MONTH)), entitlements: entitlementsFor(plan), discount: nil), emit: accessUntil == nil ? .charge(plan: plan, amount: plan.monthlyPrice) : nil)
                }
            }
            state(.expired) {
                on(.purchase) { _, event in
                    guard case let .purchase(plan, promoDiscount) = event else { preconditionFailure() }
                    return transition(to: .active(plan: plan, renewsAt: context.now.addingTimeInterval(durationSeconds(MONTH)), entitlements: entitlementsFor(plan), discount: promoDiscount), emit: .charge(plan: plan, amount: priceOf(plan, promoDiscount)))
                }
            }
            onTransition { transition in
                if case .success(let valid) = transition, let sideEffect = valid.sideEffect {
                    switch sideEffect {
                    case let .charge(plan, amount):
                        context.billing.charge(plan, amount)
                    case let .grantEntitlements(entitlements):
                        context.entitlements.grant(entitlements)
                    case .revokeEntitlements:
                        context.entitlements.revokeAll()
                    case let .notifyPaymentProblem(error, retryAt):
                        context.notifications.paymentProblem(error.message ?? "Payment failed", retryAt)
                    case let .scheduleReminder(at):
                        context.notifications.remindAt(at)
                    }
                }
            }
        }
    }
}
