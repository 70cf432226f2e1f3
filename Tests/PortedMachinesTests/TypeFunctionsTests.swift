import StateMachine
import Testing

// Inputs/TypeFunctions.kt: functions of the machine's types, ported onto their Swift types and called by the handlers.
// Expectations derived by hand from the Kotlin.

@Suite struct TypeFunctionsTests {
    private typealias Car = TypeFunctions

    @Test func anEnumClassFunctionAndItsConstantsNames() {
        #expect(Car.Gear.low.up() == .middle)
        #expect(Car.Gear.middle.up() == .high)
        #expect(Car.Gear.high.up() == .high)
        #expect(Car.Gear.middle.name == "MIDDLE")
    }

    @Test func aDataClassFunctionsCopyTheValue() {
        let tank = Car.Tank(litres: 12, capacity: 40)
        #expect(tank.fill(30) == Car.Tank(litres: 40, capacity: 40))
        #expect(tank.burn(5) == Car.Tank(litres: 7, capacity: 40))
        // More than it holds: the early return empties it.
        #expect(tank.burn(13) == Car.Tank(litres: 0, capacity: 40))
        #expect(Car.Tank(litres: 0, capacity: 40).isEmpty())
        // At most what fits, at 2 a litre.
        #expect(tank.refuelCost(50) == 56)
        #expect(tank.refuelCost(3) == 6)
    }

    @Test func extensionFunctionsAndAValueOrError() {
        #expect(Car.Gear.middle.label() == "gear middle")
        #expect(Car.Drive.moving(tank: Car.Tank(litres: 1, capacity: 40), gear: .low).isMoving())
        #expect(!Car.Drive.parked(tank: Car.Tank(litres: 1, capacity: 40)).isMoving())
        #expect(Car.Tank(litres: 45, capacity: 50).levelName() == "full")
        #expect(Car.Tank(litres: 9, capacity: 50).levelName() == "empty")
    }

    @Test func aLevelTheMapDoesNotHaveStopsWithTheErrorsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = TypeFunctions.Tank(litres: 50, capacity: 50).levelName()
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("no level for 50 litres"))
    }

    @Test func propertiesTheBaseClassAndAGroupDeclareAreTheEnums() {
        // `Pedal.Press` is a parameter type (`step(press: Pedal.Press)`): an enum of its own, nested in Pedal's.
        let tank = Car.Tank(litres: 3, capacity: 40)
        #expect(Car.Drive.stalled(tank: tank, reason: "out of fuel").tank == tank)
        #expect(Car.Pedal.Press.brake(force: 4).force == 4)
        #expect(Car.Pedal.Press.accelerate(force: 8).force == 8)
        #expect(Car.Pedal.brake(force: 4).press == .brake(force: 4))
        #expect(Car.Pedal.Press.accelerate(force: 8).pedal == .accelerate(force: 8))
        #expect(Car.Pedal.refuel(litres: 1).press == nil)
    }

    @Test func eachCaseRunsItsOwnOverride() {
        let tank = Car.Tank(litres: 1, capacity: 40)
        #expect(Car.Drive.parked(tank: tank).withTank(tank) == .parked(tank: tank))
        #expect(Car.Drive.moving(tank: tank, gear: .high).withTank(tank) == .moving(tank: tank, gear: .high))
        #expect(Car.Drive.stalled(tank: tank, reason: "out of fuel").withTank(tank) == .parked(tank: tank))
        #expect(Car.Pedal.Press.accelerate(force: 5).shift(.low) == .middle)
        #expect(Car.Pedal.Press.accelerate(force: 6).shift(.low) == .high)
        #expect(Car.Pedal.Press.brake(force: 9).shift(.high) == .low)
    }

    @Test func theHandlersCallThem() throws {
        let machine = StateMachine(definition: Car.definition)
        // Start burns the default 5 litres of 12.
        #expect(try machine.transition(.start).toState == .moving(tank: Car.Tank(litres: 7, capacity: 40), gear: .low))
        // A light press: 3 litres, one gear up.
        let light = try machine.transition(.accelerate(force: 3))
        #expect(light.toState == .moving(tank: Car.Tank(litres: 4, capacity: 40), gear: .middle))
        #expect(light.sideEffect == .show(text: "moving in middle"))
        // A hard press needs 6 of the 4 litres left: the tank is empty, the car stalls.
        let stalled = try machine.transition(.accelerate(force: 6))
        #expect(stalled.toState == .stalled(tank: Car.Tank(litres: 0, capacity: 40), reason: "out of fuel"))
        #expect(stalled.sideEffect == .show(text: "stalled"))
        // Refuelling a stalled car parks it; the dashboard describes the state it was in.
        let parked = try machine.transition(.refuel(litres: 30))
        #expect(parked.toState == .parked(tank: Car.Tank(litres: 30, capacity: 40)))
        #expect(parked.sideEffect == .show(text: "stalled: out of fuel"))
        // Refuelling a parked car: full at 40, and it pays for the 10 litres that fit, priced on the tank before.
        let full = try machine.transition(.refuel(litres: 25))
        #expect(full.toState == .parked(tank: Car.Tank(litres: 40, capacity: 40)))
        #expect(full.sideEffect == .charge(cents: 20))
        _ = try machine.transition(.start)
        // A brake press goes down to the low gear; a hard accelerator press goes up two gears.
        let braked = try machine.transition(.brake(force: 2))
        #expect(braked.toState == .moving(tank: Car.Tank(litres: 33, capacity: 40), gear: .low))
        #expect(braked.sideEffect == .show(text: "moving in low"))
        let fast = try machine.transition(.accelerate(force: 7))
        #expect(fast.toState == .moving(tank: Car.Tank(litres: 26, capacity: 40), gear: .high))
        #expect(fast.sideEffect == .show(text: "moving in high"))
        // Start while moving: the extension `isMoving()` of the state, and `label()` of the gear.
        let again = try machine.transition(.start)
        #expect(again.toState == fast.toState)
        #expect(again.sideEffect == .show(text: "already moving in gear high"))
        let stopped = try machine.transition(.stop)
        #expect(stopped.toState == .parked(tank: Car.Tank(litres: 26, capacity: 40)))
        #expect(stopped.sideEffect == .show(text: "|| half"))
    }

    @Test func anEmptyTankDoesNotStart() throws {
        let machine = StateMachine(definition: Car.definition)
        _ = try machine.transition(.start)
        _ = try machine.transition(.accelerate(force: 9))
        _ = try machine.transition(.refuel(litres: 0))
        let start = try machine.transition(.start)
        #expect(start.toState == .parked(tank: Car.Tank(litres: 0, capacity: 40)))
        #expect(start.sideEffect == .show(text: "parked, 0 l"))
    }
}
