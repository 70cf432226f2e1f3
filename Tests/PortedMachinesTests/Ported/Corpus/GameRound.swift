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
    }

    enum Suit: String, Codable, Hashable, CaseIterable {
        case hearts = "HEARTS", diamonds = "DIAMONDS", clubs = "CLUBS", spades = "SPADES"
    }

    enum Outcome: String, Codable, Hashable, CaseIterable {
        case playerWins = "PLAYER_WINS", dealerWins = "DEALER_WINS", push = "PUSH", blackjack = "BLACKJACK"
    }

    protocol SoundPlayer {
        func play(_ name: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var startingBankroll: Int64 { get }
        var minimumBet: Int64 { get }
        var sounds: any SoundPlayer { get }
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
                on(.dealt) {
                    // port: not ported, Kotlin line 32: a call on a value `next.hand.total()`
                    // val next = copy(hand = it.playerCards, dealerHand = it.dealerCards)
                    // if (next.hand.total() == 21) {
                    //     val winnings = bet + bet * 3 / 2
                    //     transitionTo(
                    //         RoundState.RoundOver(bankroll + winnings, Outcome.BLACKJACK, 21, next.dealerHand.total()),
                    //         RoundSideEffect.PlaySound("blackjack"),
                    //     )
                    // } else {
                    //     transitionTo(next)
                    // }
                    fatalError("port: BlackjackRoundController.kt:32: a call on a value `next.hand.total()` is not ported")
                }
                on(.hit) {
                    // port: not ported, Kotlin line 44: a call on a value `newHand.total()`
                    // val newHand = hand + it.card
                    // val total = newHand.total()
                    // if (total > 21) {
                    //     transitionTo(
                    //         RoundState.RoundOver(bankroll, Outcome.DEALER_WINS, total, dealerHand.total()),
                    //         RoundSideEffect.PlaySound("bust"),
                    //     )
                    // } else {
                    //     transitionTo(copy(hand = newHand), RoundSideEffect.PlaySound("card"))
                    // }
                    fatalError("port: BlackjackRoundController.kt:44: a call on a value `newHand.total()` is not ported")
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
                on(.dealerDrew) {
                    // port: not ported, Kotlin line 72: a call on a value `dealerCards.total()`
                    // val dealerCards = dealerHand + it.card
                    // val dealerTotal = dealerCards.total()
                    // val playerTotal = hand.total()
                    // when {
                    //     dealerTotal < DEALER_STANDS_ON -> transitionTo(copy(dealerHand = dealerCards), RoundSideEffect.DrawForDealer)
                    //     dealerTotal > 21 || playerTotal > dealerTotal -> transitionTo(
                    //         RoundState.RoundOver(bankroll + bet * 2, Outcome.PLAYER_WINS, playerTotal, dealerTotal),
                    //         RoundSideEffect.PlaySound("win"),
                    //     )
                    //     playerTotal == dealerTotal -> transitionTo(
                    //         RoundState.RoundOver(bankroll + bet, Outcome.PUSH, playerTotal, dealerTotal),
                    //     )
                    //     else -> transitionTo(
                    //         RoundState.RoundOver(bankroll, Outcome.DEALER_WINS, playerTotal, dealerTotal),
                    //         RoundSideEffect.PlaySound("lose"),
                    //     )
                    // }
                    fatalError("port: BlackjackRoundController.kt:72: a call on a value `dealerCards.total()` is not ported")
                }
            }
            state(.roundOver) {
                onEnter { _, _ in
                    // port: not ported, Kotlin line 93: the assignment `highScore = maxOf(highScore, bankroll)`
                    // highScore = maxOf(highScore, bankroll)
                    // leaderboard.submit(playerId, highScore)
                    fatalError("port: BlackjackRoundController.kt:93: the assignment `highScore = maxOf(highScore, bankroll)` is not ported")
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
            onTransition { _ in
                // port: not ported, Kotlin line 111: the safe call `it.sideEffect?.let { sideEffect -> perform(sideEffect) }`
                // if (it is StateMachine.Transition.Valid) {
                //     it.sideEffect?.let { sideEffect -> perform(sideEffect) }
                // }
                fatalError("port: BlackjackRoundController.kt:111: the safe call `it.sideEffect?.let { sideEffect -> perform(sideEffect) }` is not ported")
            }
        }
    }
}
