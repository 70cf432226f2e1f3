package com.example.game

import com.tinder.StateMachine

class BlackjackRoundController(
    private val playerId: String,
    private val dealer: Dealer,
    private val leaderboard: Leaderboard,
    private val sounds: SoundPlayer,
    startingBankroll: Long = 1_000L,
    private val minimumBet: Long = 10L,
) {

    private var highScore = startingBankroll

    val stateMachine = StateMachine.create<RoundState, RoundEvent, RoundSideEffect> {
        initialState(RoundState.WaitingForBet(startingBankroll))

        state<RoundState.WaitingForBet> {
            on<RoundEvent.PlaceBet> {
                when {
                    it.amount < minimumBet -> dontTransition(RoundSideEffect.PlaySound("error"))
                    it.amount > bankroll -> dontTransition(RoundSideEffect.PlaySound("error"))
                    else -> transitionTo(RoundState.PlayerTurn(it.amount, bankroll - it.amount), RoundSideEffect.DealInitialCards)
                }
            }
        }

        state<RoundState.PlayerTurn> {
            on<RoundEvent.Dealt> {
                val next = copy(hand = it.playerCards, dealerHand = it.dealerCards)
                if (next.hand.total() == 21) {
                    val winnings = bet + bet * 3 / 2
                    transitionTo(
                        RoundState.RoundOver(bankroll + winnings, Outcome.BLACKJACK, 21, next.dealerHand.total()),
                        RoundSideEffect.PlaySound("blackjack"),
                    )
                } else {
                    transitionTo(next)
                }
            }
            on<RoundEvent.Hit> {
                val newHand = hand + it.card
                val total = newHand.total()
                if (total > 21) {
                    transitionTo(
                        RoundState.RoundOver(bankroll, Outcome.DEALER_WINS, total, dealerHand.total()),
                        RoundSideEffect.PlaySound("bust"),
                    )
                } else {
                    transitionTo(copy(hand = newHand), RoundSideEffect.PlaySound("card"))
                }
            }
            on<RoundEvent.DoubleDown> {
                if (hand.size != 2 || bankroll < bet) {
                    dontTransition(RoundSideEffect.PlaySound("error"))
                } else {
                    transitionTo(
                        RoundState.DealerTurn(bet * 2, bankroll - bet, hand + it.card, dealerHand),
                        RoundSideEffect.DrawForDealer,
                    )
                }
            }
            on(RoundEvent.Stand) {
                transitionTo(RoundState.DealerTurn(bet, bankroll, hand, dealerHand), RoundSideEffect.DrawForDealer)
            }
        }

        state<RoundState.DealerTurn> {
            on<RoundEvent.DealerDrew> {
                val dealerCards = dealerHand + it.card
                val dealerTotal = dealerCards.total()
                val playerTotal = hand.total()
                when {
                    dealerTotal < DEALER_STANDS_ON -> transitionTo(copy(dealerHand = dealerCards), RoundSideEffect.DrawForDealer)
                    dealerTotal > 21 || playerTotal > dealerTotal -> transitionTo(
                        RoundState.RoundOver(bankroll + bet * 2, Outcome.PLAYER_WINS, playerTotal, dealerTotal),
                        RoundSideEffect.PlaySound("win"),
                    )
                    playerTotal == dealerTotal -> transitionTo(
                        RoundState.RoundOver(bankroll + bet, Outcome.PUSH, playerTotal, dealerTotal),
                    )
                    else -> transitionTo(
                        RoundState.RoundOver(bankroll, Outcome.DEALER_WINS, playerTotal, dealerTotal),
                        RoundSideEffect.PlaySound("lose"),
                    )
                }
            }
        }

        state<RoundState.RoundOver> {
            onEnter {
                highScore = maxOf(highScore, bankroll)
                leaderboard.submit(playerId, highScore)
            }
            on(RoundEvent.NextRound) {
                if (bankroll < minimumBet) {
                    transitionTo(RoundState.Broke, RoundSideEffect.RecordScore(bankroll, outcome))
                } else {
                    transitionTo(RoundState.WaitingForBet(bankroll), RoundSideEffect.RecordScore(bankroll, outcome))
                }
            }
        }

        state<RoundState.Broke> {
            onEnter { sounds.play("game_over") }
        }

        onTransition {
            if (it is StateMachine.Transition.Valid) {
                it.sideEffect?.let { sideEffect -> perform(sideEffect) }
            }
        }
    }

    private fun perform(sideEffect: RoundSideEffect) = when (sideEffect) {
        RoundSideEffect.DealInitialCards -> dealer.dealInitialCards()
        RoundSideEffect.DrawForDealer -> dealer.drawForDealer()
        is RoundSideEffect.PlaySound -> sounds.play(sideEffect.name)
        is RoundSideEffect.RecordScore -> leaderboard.submit(playerId, sideEffect.bankroll)
    }

    companion object {
        const val DEALER_STANDS_ON = 17
    }
}
