import StateMachine
import Testing

// Inputs/CaseProperties.kt: `abstract val title` overridden by a constant, a getter and a constructor field, and
// `open val showsBack = true` that Home overrides with false. Expectations derived by hand from the Kotlin.

@Suite struct CasePropertiesTests {
    private typealias Navigation = CaseProperties

    @Test func eachCaseGivesItsOwnValue() {
        #expect(Navigation.Page.home.title == "Home")
        #expect(Navigation.Page.detail(id: 7, title: "Receipt").title == "Receipt")
        #expect(Navigation.Page.settings.title == "Settings")
        #expect(Navigation.Page.home.showsBack == false)
        #expect(Navigation.Page.detail(id: 7, title: "Receipt").showsBack)
        #expect(Navigation.Page.settings.showsBack)
    }

    @Test func theHandlersReadThemOnTheState() throws {
        let machine = StateMachine(definition: Navigation.definition)
        // Home does not show back: it stays, and says which page it left from.
        let stay = try machine.transition(.back)
        #expect(stay.toState == .home)
        #expect(stay.sideEffect == .left(title: "Home"))
        _ = try machine.transition(.open(id: 3, title: "Receipt"))
        #expect(try machine.transition(.back).sideEffect == .left(title: "Receipt"))
        _ = try machine.transition(.configure)
        let back = try machine.transition(.back)
        #expect(back.toState == .home)
        #expect(back.sideEffect == .left(title: "Settings"))
    }
}
