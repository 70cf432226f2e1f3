import StateMachine
import Testing

// The machines in Ported/ are the porter's reviewed output for the Kotlin machines in Tests/Kotlin/PorterTests/Examples
// (and two porter inputs in Tests/Kotlin/PorterTests/Inputs). scripts/port-test ports the Kotlin files again and
// fails on any difference, so a change to the porter shows up as a diff of these files. The expectations below
// are derived by hand from the Kotlin machines, not from running the ported code.

@Suite struct MatterStateMachineTests {
    typealias Machine = MatterStateMachine

    @Test func meltsVaporizesCondensesAndFreezes() throws {
        let machine = StateMachine(definition: Machine.definition)
        #expect(try machine.transition(.onMelted).sideEffect == .logMelted)
        #expect(try machine.transition(.onVaporized).sideEffect == .logVaporized)
        #expect(try machine.transition(.onCondensed).sideEffect == .logCondensed)
        #expect(try machine.transition(.onFroze).sideEffect == .logFrozen)
        #expect(machine.state == .solid)
    }

    @Test func solidCannotVaporize() {
        let result = Machine.definition.transition(from: .solid, on: .onVaporized)
        #expect(result.invalid?.fromState == .solid)
    }
}

@Suite struct TurnstileStateMachineTests {
    typealias Machine = TurnstileStateMachine

    @Test func coinsAddUpUntilTheFareIsPaid() throws {
        let machine = StateMachine(definition: Machine.definition)
        let first = try machine.transition(.insertCoin(value: 30))
        #expect(first.toState == .locked(credit: 30))
        #expect(first.sideEffect == nil)
        let second = try machine.transition(.insertCoin(value: 20))
        #expect(second.toState == .unlocked)
        #expect(second.sideEffect == .openDoors)
        let third = try machine.transition(.admitPerson)
        #expect(third.toState == .locked(credit: 0))
        #expect(third.sideEffect == .closeDoors)
    }

    @Test func admittingWithoutPayingSoundsTheAlarm() {
        let result = Machine.definition.transition(from: .locked(credit: 10), on: .admitPerson)
        #expect(result.valid?.toState == .locked(credit: 10))
        #expect(result.valid?.sideEffect == .soundAlarm)
    }

    @Test func aRepairRestoresTheStateBeforeTheFailure() throws {
        let machine = StateMachine(definition: Machine.definition.startingIn(.locked(credit: 40)))
        let broken = try machine.transition(.machineDidFail)
        #expect(broken.toState == .broken(oldState: .locked(credit: 40)))
        #expect(broken.sideEffect == .orderRepair)
        #expect(try machine.transition(.machineRepairDidComplete).toState == .locked(credit: 40))
    }
}

@Suite struct OnboardingFlowTests {
    typealias Machine = OnboardingFlow

    @Test func happyPathFromWelcomeToDone() throws {
        let machine = StateMachine(definition: Machine.definition)
        #expect(try machine.transition(.start).sideEffect == .track(screen: "enter_email"))
        let email = try machine.transition(.submitEmail(email: "ada@example.com"))
        #expect(email.toState == .verifyEmail(email: "ada@example.com", codesSent: 1))
        #expect(email.sideEffect == .sendCode(email: "ada@example.com"))
        let code = try machine.transition(.submitCode(code: "424242"))
        #expect(code.toState == .profile(email: "ada@example.com", displayName: ""))
        #expect(code.sideEffect == .track(screen: "profile"))
        try machine.transition(.submitName(displayName: "Ada"))
        let done = try machine.transition(.finish)
        #expect(done.toState == .done(email: "ada@example.com"))
        #expect(done.sideEffect == .track(screen: "done"))
    }

    @Test func emptyEmailsCountAttemptsAndTheThirdGoesBackToWelcome() {
        let definition = Machine.definition
        let first = definition.transition(from: .enterEmail(attempts: 0), on: .submitEmail(email: ""))
        #expect(first.valid?.toState == .enterEmail(attempts: 1))
        #expect(first.valid?.sideEffect == .showError(message: "Enter your email"))
        let third = definition.transition(from: .enterEmail(attempts: 2), on: .submitEmail(email: ""))
        #expect(third.valid?.toState == .welcome)
        #expect(third.valid?.sideEffect == .showError(message: "Too many attempts"))
    }

    @Test func resendingStopsAfterThreeCodes() {
        let definition = Machine.definition
        let resend = definition.transition(from: .verifyEmail(email: "a@b.c", codesSent: 2), on: .resendCode)
        #expect(resend.valid?.toState == .verifyEmail(email: "a@b.c", codesSent: 3))
        #expect(resend.valid?.sideEffect == .sendCode(email: "a@b.c"))
        let refused = definition.transition(from: .verifyEmail(email: "a@b.c", codesSent: 3), on: .resendCode)
        #expect(refused.valid?.toState == .verifyEmail(email: "a@b.c", codesSent: 3))
        #expect(refused.valid?.sideEffect == .showError(message: "We sent 3 codes to a@b.c, try again later"))
    }

    @Test func wrongAndExpiredCodesKeepTheScreen() {
        let definition = Machine.definition
        let state = Machine.State.verifyEmail(email: "a@b.c", codesSent: 1)
        #expect(definition.transition(from: state, on: .submitCode(code: "123")).valid?.sideEffect
            == .showError(message: "Wrong code 123"))
        #expect(definition.transition(from: state, on: .submitCode(code: "000000")).valid?.sideEffect
            == .showError(message: "Code expired"))
    }

    @Test func finishingNeedsAName() {
        let result = Machine.definition.transition(from: .profile(email: "a@b.c", displayName: ""), on: .finish)
        #expect(result.valid?.toState == .profile(email: "a@b.c", displayName: ""))
        #expect(result.valid?.sideEffect == .showError(message: "Enter a name"))
    }

    @Test func doneAcceptsNothing() {
        #expect(Machine.definition.transition(from: .done(email: "a@b.c"), on: .back).invalid != nil)
    }
}

@Suite struct DownloadStateMachineTests {
    typealias Machine = DownloadStateMachine

    @Test func progressUntilComplete() throws {
        let machine = StateMachine(definition: Machine.definition)
        #expect(try machine.transition(.start).sideEffect == .startDownload)
        let half = try machine.transition(.progress(percent: 50))
        #expect(half.toState == .downloading(progress: 50, retries: 0))
        #expect(half.sideEffect == .showProgress(percent: 50))
        let backwards = try machine.transition(.progress(percent: 40))
        #expect(backwards.toState == .downloading(progress: 50, retries: 0))
        #expect(backwards.sideEffect == nil)
        let done = try machine.transition(.progress(percent: 100))
        #expect(done.toState == .completed)
        #expect(done.sideEffect == .notifyComplete)
    }

    @Test func retriesAreGuardedByTheFailedMatcher() throws {
        let machine = StateMachine(definition: Machine.definition.startingIn(.downloading(progress: 10, retries: 1)))
        #expect(try machine.transition(.fail).toState == .failed(retries: 1))
        let retry = try machine.transition(.retry)
        #expect(retry.toState == .downloading(progress: 0, retries: 2))
        #expect(try machine.transition(.fail).toState == .failed(retries: 2))
        let giveUp = try machine.transition(.retry)
        #expect(giveUp.toState == .failed(retries: 2))
        #expect(giveUp.sideEffect == .giveUp)
        #expect(try machine.transition(.cancel).toState == .idle)
    }

    @Test func completedAcceptsNothing() {
        #expect(Machine.definition.transition(from: .completed, on: .start).invalid != nil)
    }
}

@Suite struct FanStateMachineTests {

    @Test func sealedInterfacesAndDataObjectsPortToEnums() throws {
        let machine = StateMachine(definition: FanStateMachine.definition)
        #expect(try machine.transition(.powerOn).toState == .running(speed: 1))
        #expect(try machine.transition(.faster(by: 2)).toState == .running(speed: 3))
        #expect(try machine.transition(.powerOff).sideEffect == .beep)
    }
}

@Suite struct PlaceholderTests {

    @Test func portedHandlersAroundAKeptCallWork() throws {
        let result = CounterWithUnsupportedCall.definition.transition(from: .counting(count: 5), on: .reset)
        #expect(result.valid?.toState == .counting(count: 0))
    }

    // The Kotlin `floorMod` call is kept by name: the handler calls the floorMod of SuppliedFunctions.swift.
    @Test func aCallKeptByNameCallsTheFunctionTheUserSupplies() throws {
        let wrapped = CounterWithUnsupportedCall.definition.transition(from: .counting(count: 7), on: .add(amount: 5))
        #expect(wrapped.valid?.toState == .counting(count: 2))
        let negative = CounterWithUnsupportedCall.definition.transition(from: .counting(count: 0), on: .add(amount: -3))
        #expect(negative.valid?.toState == .counting(count: 7))
    }
}
