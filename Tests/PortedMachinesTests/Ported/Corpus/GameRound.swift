// Ported from BlackjackRoundController.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusGameRound: StateMachineBuilder {

    static let DEALER_STANDS_ON = 17

    typealias State = RoundState
    typealias Event = RoundEvent
    typealias SideEffect = RoundSideEffect

    enum RoundState: StateMachineHashable, Codable, Equatable {
        case waitingForBet(bankroll: Int64)
        case playerTurn(bet: Int64, bankroll: Int64, hand: [Card], dealerHand: [Card])
        case dealerTurn(bet: Int64, bankroll: Int64, hand: [Card], dealerHand: [Card])
        case roundOver(bankroll: Int64, outcome: Outcome, playerTotal: Int, dealerTotal: Int)
        case broke

        enum HashableIdentifier: String { case waitingForBet, playerTurn, dealerTurn, roundOver, broke }
    }

    enum RoundEvent: StateMachineHashable, Codable, Equatable {
        case placeBet(amount: Int64)
        case dealt(playerCards: [Card], dealerCards: [Card])
        case hit(card: Card)
        case doubleDown(card: Card)
        case stand
        case dealerDrew(card: Card)
        case nextRound

        enum HashableIdentifier: String { case placeBet, dealt, hit, doubleDown, stand, dealerDrew, nextRound }
    }

    enum RoundSideEffect: Codable, Equatable {
        case dealInitialCards
        case drawForDealer
        case playSound(name: String)
        case recordScore(bankroll: Int64, outcome: Outcome)
    }

    struct Card: Codable, Equatable {
        var rank: Int
        var suit: Suit

        var value: Int {
            switch rank {
            case 1:
                return 11
            case 11...13:
                return 10
            default:
                return rank
            }
        }
    }

    enum Suit: Codable, Hashable, CaseIterable {
        case hearts, diamonds, clubs, spades
    }

    enum Outcome: Codable, Hashable, CaseIterable {
        case playerWins, dealerWins, push, blackjack
    }

    protocol Leaderboard {
        func submit(_ playerId: String, _ score: Int64)
    }

    protocol SoundPlayer {
        func play(_ name: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    /// The handlers change some of its properties, as the Kotlin ones change the class's: it is a class.
    protocol Collaborators: AnyObject {
        var startingBankroll: Int64 { get }
        var minimumBet: Int64 { get }
        var highScore: Int64 { get set }
        var leaderboard: any Leaderboard { get }
        var playerId: String { get }
        var sounds: any SoundPlayer { get }
        func perform(_ sideEffect: RoundSideEffect)
    }

    /// Kotlin's extension `List<Card>.total` of Card.kt, ported.
    static func total(_ receiver: [Card]) -> Int {
        var sum = receiver.map({ $0.value }).reduce(0, +)
        var aces = receiver.filter({ $0.rank == 1 }).count
        while sum > 21 && aces > 0 {
            sum -= 10
            aces -= 1
        }
        return sum
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.waitingForBet(bankroll: context.startingBankroll))
            state(.waitingForBet) {
                on(.placeBet) { state, event in
                    guard case let .waitingForBet(bankroll) = state else { preconditionFailure() }
                    guard case let .placeBet(amount) = event else { preconditionFailure() }
                    if amount < context.minimumBet {
                        return dontTransition(emit: .playSound(name: "error"))
                    } else if amount > bankroll {
                        return dontTransition(emit: .playSound(name: "error"))
                    } else {
                        return transition(to: .playerTurn(bet: amount, bankroll: bankroll - amount, hand: [], dealerHand: []), emit: .dealInitialCards)
                    }
                }
            }
            state(.playerTurn) {
                on(.dealt) { state, event in
                    guard case let .playerTurn(bet, bankroll, _, _) = state else { preconditionFailure() }
                    guard case let .dealt(playerCards, dealerCards) = event else { preconditionFailure() }
                    let next = RoundState.playerTurn(bet: bet, bankroll: bankroll, hand: playerCards, dealerHand: dealerCards)
                    guard case let .playerTurn(_, _, nextHand, nextDealerHand) = next else { preconditionFailure() }
                    if CorpusGameRound.total(nextHand) == 21 {
                        let winnings = bet + bet * 3 / 2
                        return transition(to: .roundOver(bankroll: bankroll + winnings, outcome: Outcome.blackjack, playerTotal: 21, dealerTotal: CorpusGameRound.total(nextDealerHand)), emit: .playSound(name: "blackjack"))
                    } else {
                        return transition(to: next)
                    }
                }
                on(.hit) { state, event in
                    guard case let .playerTurn(bet, bankroll, hand, dealerHand) = state else { preconditionFailure() }
                    guard case let .hit(card) = event else { preconditionFailure() }
                    let newHand = hand + [card]
                    let total = CorpusGameRound.total(newHand)
                    if total > 21 {
                        return transition(to: .roundOver(bankroll: bankroll, outcome: Outcome.dealerWins, playerTotal: total, dealerTotal: CorpusGameRound.total(dealerHand)), emit: .playSound(name: "bust"))
                    } else {
                        return transition(to: .playerTurn(bet: bet, bankroll: bankroll, hand: newHand, dealerHand: dealerHand), emit: .playSound(name: "card"))
                    }
                }
                on(.doubleDown) { state, event in
                    guard case let .playerTurn(bet, bankroll, hand, dealerHand) = state else { preconditionFailure() }
                    guard case let .doubleDown(card) = event else { preconditionFailure() }
                    if hand.count != 2 || bankroll < bet {
                        return dontTransition(emit: .playSound(name: "error"))
                    } else {
                        return transition(to: .dealerTurn(bet: bet * 2, bankroll: bankroll - bet, hand: hand + [card], dealerHand: dealerHand), emit: .drawForDealer)
                    }
                }
                on(.eq(.stand)) { state in
                    guard case let .playerTurn(bet, bankroll, hand, dealerHand) = state else { preconditionFailure() }
                    return transition(to: .dealerTurn(bet: bet, bankroll: bankroll, hand: hand, dealerHand: dealerHand), emit: .drawForDealer)
                }
            }
            state(.dealerTurn) {
                on(.dealerDrew) { state, event in
                    guard case let .dealerTurn(bet, bankroll, hand, dealerHand) = state else { preconditionFailure() }
                    guard case let .dealerDrew(card) = event else { preconditionFailure() }
                    let dealerCards = dealerHand + [card]
                    let dealerTotal = CorpusGameRound.total(dealerCards)
                    let playerTotal = CorpusGameRound.total(hand)
                    if dealerTotal < DEALER_STANDS_ON {
                        return transition(to: .dealerTurn(bet: bet, bankroll: bankroll, hand: hand, dealerHand: dealerCards), emit: .drawForDealer)
                    } else if dealerTotal > 21 || playerTotal > dealerTotal {
                        return transition(to: .roundOver(bankroll: bankroll + bet * 2, outcome: Outcome.playerWins, playerTotal: playerTotal, dealerTotal: dealerTotal), emit: .playSound(name: "win"))
                    } else if playerTotal == dealerTotal {
                        return transition(to: .roundOver(bankroll: bankroll + bet, outcome: Outcome.push, playerTotal: playerTotal, dealerTotal: dealerTotal))
                    } else {
                        return transition(to: .roundOver(bankroll: bankroll, outcome: Outcome.dealerWins, playerTotal: playerTotal, dealerTotal: dealerTotal), emit: .playSound(name: "lose"))
                    }
                }
            }
            state(.roundOver) {
                onEnter { state, _ in
                    guard case let .roundOver(bankroll, _, _, _) = state else { preconditionFailure() }
                    context.highScore = max(context.highScore, bankroll)
                    context.leaderboard.submit(context.playerId, context.highScore)
                }
                on(.eq(.nextRound)) { state in
                    guard case let .roundOver(bankroll, outcome, _, _) = state else { preconditionFailure() }
                    if bankroll < context.minimumBet {
                        return transition(to: .broke, emit: .recordScore(bankroll: bankroll, outcome: outcome))
                    } else {
                        return transition(to: .waitingForBet(bankroll: bankroll), emit: .recordScore(bankroll: bankroll, outcome: outcome))
                    }
                }
            }
            state(.broke) {
                onEnter { _, _ in context.sounds.play("game_over") }
            }
            onTransition { result in
                if case .success(let valid) = result {
                    if let sideEffect = valid.sideEffect {
                        context.perform(sideEffect)
                    }
                }
            }
        }
    }
}
