package com.example.game

sealed class RoundState {
    data class WaitingForBet(val bankroll: Long) : RoundState()
    data class PlayerTurn(
        val bet: Long,
        val bankroll: Long,
        val hand: List<Card> = emptyList(),
        val dealerHand: List<Card> = emptyList(),
    ) : RoundState()
    data class DealerTurn(val bet: Long, val bankroll: Long, val hand: List<Card>, val dealerHand: List<Card>) : RoundState()
    data class RoundOver(val bankroll: Long, val outcome: Outcome, val playerTotal: Int, val dealerTotal: Int) : RoundState()
    data object Broke : RoundState()
}

sealed class RoundEvent {
    data class PlaceBet(val amount: Long) : RoundEvent()
    data class Dealt(val playerCards: List<Card>, val dealerCards: List<Card>) : RoundEvent()
    data class Hit(val card: Card) : RoundEvent()
    data class DoubleDown(val card: Card) : RoundEvent()
    data object Stand : RoundEvent()
    data class DealerDrew(val card: Card) : RoundEvent()
    data object NextRound : RoundEvent()
}

sealed class RoundSideEffect {
    data object DealInitialCards : RoundSideEffect()
    data object DrawForDealer : RoundSideEffect()
    data class PlaySound(val name: String) : RoundSideEffect()
    data class RecordScore(val bankroll: Long, val outcome: Outcome) : RoundSideEffect()
}
