import StateMachine
import Testing

// Corpus/GameRound: the RoundOver onEnter listener sets the class's `highScore` (`highScore = maxOf(highScore,
// bankroll)`) and submits it. The port sets it on `context`, a class. Expectations derived by hand from the Kotlin.

@Suite struct ClassPropertyTests {
    private typealias Round = CorpusGameRound

    @Test func theOnEnterListenerSetsThePropertyOfTheClass() throws {
        let owner = GameRoundCollaborators()
        let machine = StateMachine(definition: Round.definition(owner))
        _ = try machine.transition(.placeBet(amount: 100))
        // An ace and a king: blackjack pays 3 to 2 on top of the stake, 900 + 100 + 150.
        let ace = Round.Card(rank: 1, suit: .spades), king = Round.Card(rank: 13, suit: .hearts)
        let dealt = try machine.transition(.dealt(playerCards: [ace, king], dealerCards: [.init(rank: 9, suit: .clubs), .init(rank: 7, suit: .clubs)]))
        #expect(dealt.toState == .roundOver(bankroll: 1_150, outcome: .blackjack, playerTotal: 21, dealerTotal: 16))
        #expect(owner.highScore == 1_150)
        #expect(owner.scores.submitted.map(\.score) == [1_150])
        #expect(owner.scores.submitted.map(\.playerId) == ["p1"])
    }

    @Test func aLowerBankrollKeepsTheHighScore() throws {
        let owner = GameRoundCollaborators()
        owner.highScore = 5_000
        let machine = StateMachine(definition: Round.definition(owner))
        _ = try machine.transition(.placeBet(amount: 100))
        _ = try machine.transition(.dealt(playerCards: [.init(rank: 10, suit: .spades), .init(rank: 9, suit: .hearts)],
                                          dealerCards: [.init(rank: 10, suit: .clubs), .init(rank: 8, suit: .clubs)]))
        // 22 is a bust: the dealer wins and the bankroll stays at 900.
        let bust = try machine.transition(.hit(card: .init(rank: 3, suit: .diamonds)))
        #expect(bust.toState == .roundOver(bankroll: 900, outcome: .dealerWins, playerTotal: 22, dealerTotal: 18))
        #expect(owner.highScore == 5_000)
        #expect(owner.scores.submitted.map(\.score) == [5_000])
    }
}
