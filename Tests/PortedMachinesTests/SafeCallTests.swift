import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/SafeCalls.kt: `value?.property`, `value?.member()` and `value?.let { … } ?: other`
// on nullable values. Expectations derived by hand from the Kotlin.

private final class Owner: DeckController.Collaborators {
    final class Board: DeckController.Board {
        var entries: [String] = []
        func put(_ key: String, _ value: String?, _ times: Int) { entries.append("\(key)=\(value ?? "null") x\(times)") }
    }

    let board: any DeckController.Board
    init(board: Board) { self.board = board }
}

@Suite struct SafeCallTests {
    @Test func aSafeCallOnNullIsNullAndOnAValueReadsThePropertyAndTheDefaultArgumentIsPassed() throws {
        let board = Owner.Board()
        let machine = StateMachine(definition: DeckController.definition(Owner(board: board)))
        #expect(board.entries.isEmpty)
        _ = try machine.transition(.label(text: nil))
        #expect(board.entries == ["song=null x1"])
        _ = try machine.transition(.load(song: .init(id: "s1", title: "Intro")))
        #expect(board.entries == ["song=null x1", "song=s1 x1"])
    }

    @Test func letOnANullableValueRunsOnlyWhenItIsNotNull() throws {
        let machine = StateMachine(definition: DeckController.definition(Owner(board: Owner.Board())))
        #expect(try machine.transition(.label(text: nil)).sideEffect == .line(text: "label"))
        #expect(try machine.transition(.label(text: "Side A")).sideEffect == .line(text: "label: Side A"))
    }

    @Test func membersOfNullableValuesFallBackToTheElvisValue() throws {
        let machine = StateMachine(definition: DeckController.definition(Owner(board: Owner.Board())))
        #expect(try machine.transition(.show).sideEffect == .line(text: "no song none -1"))
        _ = try machine.transition(.load(song: .init(id: "s1", title: "Intro")))
        _ = try machine.transition(.label(text: "loud"))
        #expect(try machine.transition(.show).sideEffect == .line(text: "Intro LOUD 4"))
    }
}
