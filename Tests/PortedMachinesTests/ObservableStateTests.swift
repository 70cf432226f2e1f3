import StateMachine
import Testing

// Inputs/ObservableState.kt: a view model that publishes the machine's state through a MutableStateFlow (`_state`),
// its side effects through a MutableLiveData (`effects.postValue`), and counts retries in another StateFlow that a
// handler reads. The port sets and reads those values on the class it takes. Expectations derived by hand from the
// Kotlin.

@Suite struct ObservableStateTests {
    private typealias Screen = ListViewModel

    private final class Model: ListViewModel.Collaborators {
        // Kotlin's initial values: `MutableStateFlow<Screen>(Screen.Loading)`, `MutableStateFlow(0)`, and a
        // `MutableLiveData` made without one.
        var state: ListViewModel.Screen = .loading
        var retries = 0
        var effects: ListViewModel.ScreenEffect? {
            didSet { posted.append(effects) }
        }
        var posted: [ListViewModel.ScreenEffect?] = []
    }

    @Test func theListenersPublishTheStateAndTheSideEffects() throws {
        let model = Model()
        let machine = StateMachine(definition: Screen.definition(model))
        _ = try machine.transition(.loadFailed(message: "offline"))
        #expect(model.state == .failed(message: "offline"))
        #expect(model.posted == [.showError(message: "offline")])
        _ = try machine.transition(.retry)
        #expect(model.state == .loading)
        #expect(model.retries == 1)
        #expect(model.posted == [.showError(message: "offline"), .reload])
        _ = try machine.transition(.loaded(items: ["a", "b"]))
        #expect(model.state == .shown(items: ["a", "b"]))
        // No side effect: nothing is posted.
        #expect(model.posted.count == 2)
    }

    @Test func theHandlerReadsThePublishedRetryCount() throws {
        let model = Model()
        let machine = StateMachine(definition: Screen.definition(model))
        for attempt in 1...2 {
            _ = try machine.transition(.loadFailed(message: "offline"))
            _ = try machine.transition(.retry)
            #expect(model.retries == attempt)
        }
        _ = try machine.transition(.loadFailed(message: "still offline"))
        // `retries.value < 2` is false now: `dontTransition()`, a valid transition without a side effect.
        let third = try machine.transition(.retry)
        #expect(third.toState == .failed(message: "still offline"))
        #expect(third.sideEffect == nil)
        #expect(model.retries == 2)
        #expect(model.state == .failed(message: "still offline"))
        #expect(model.posted.last == .showError(message: "still offline"))
    }
}
