import BenchmarkMachines
import MallocCounter
import StateMachine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Drives the library from another module, through its public generic API, and, in the same
// rounds, a hand-written `switch (state, event)` of the same machine. Prints the median over
// the rounds of the nanoseconds and heap allocations per transition.
//
//     swift run -c release --package-path Benchmarks StateMachineBenchmarks [--rounds N] [--transitions N]
//
// Two baselines: a class with the `switch` in an `@inline(never)` method and an optional
// observer closure ("switch class"), and a plain function over the `switch` with the state in a
// local variable ("switch function", `PlainSwitch`), the floor. `--only SCENARIO-PREFIX` runs
// one scenario without output (`--side library|class|function` picks which), for profilers and
// for `scripts/benchmark`'s instruction counts under callgrind.

var rounds = 9
var transitionsPerRound = 1_000_000
var only: String?
var side = "library"
var definitionStates: Int?
var definitionPhase = "validate"
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--rounds": rounds = Int(arguments.next() ?? "") ?? rounds
    case "--transitions": transitionsPerRound = Int(arguments.next() ?? "") ?? transitionsPerRound
    case "--only": only = arguments.next()   // for profiling: run one scenario, print nothing
    case "--side": side = arguments.next() ?? side
    case "--definition": definitionStates = Int(arguments.next() ?? "")   // for callgrind: build (and validate) once
    case "--phase": definitionPhase = arguments.next() ?? definitionPhase   // build | validate
    case "--clocks": runClockBenchmarks(); exit(0)   // many pending timers on ManualClock and TaskClock (Clocks.swift)
    default: fatalError("usage: StateMachineBenchmarks [--rounds N] [--transitions N] [--only SCENARIO-PREFIX [--side library|class|function]] | --clocks")
    }
}

struct Scenario {
    let name: String
    /// The target for the library, as text, and a check of the library's median figure
    /// against it; nil when the row is reported for information only.
    let target: String
    let met: ((Double) -> Bool)?
    let library: (Int) -> Void
    let handWritten: (Int) -> Void
    let plain: (Int) -> Void
}

struct Result {
    let scenario: Scenario
    let library: Double
    let handWritten: Double
    let plain: Double
    let libraryAllocations: Double
    let handWrittenAllocations: Double
}

// MARK: - Scenarios

let matterCycle = Matter.cycle
let turnstileCycle = Turnstile.cycle

func runMatter(_ machine: StateMachine<Matter.State, Matter.Event, Matter.SideEffect>, _ count: Int) {
    var effects = 0
    for index in 0..<count {
        let valid = try! machine.transition(matterCycle[index & 3])
        if valid.sideEffect != nil { effects &+= 1 }
    }
    blackHole(effects)
}

func runHandWrittenMatter(_ machine: HandWrittenMatter, _ count: Int) {
    var effects = 0
    for index in 0..<count {
        if machine.transition(matterCycle[index & 3]) != nil { effects &+= 1 }
    }
    blackHole(effects)
}

func runTurnstile(_ machine: StateMachine<Turnstile.State, Turnstile.Event, Turnstile.SideEffect>, _ count: Int) {
    var effects = 0
    var index = 0
    for _ in 0..<count {
        let valid = try! machine.transition(turnstileCycle[index])
        if valid.sideEffect != nil { effects &+= 1 }
        index = index == 5 ? 0 : index + 1
    }
    blackHole(effects)
}

func runHandWrittenTurnstile(_ machine: HandWrittenTurnstile, _ count: Int) {
    var effects = 0
    var index = 0
    for _ in 0..<count {
        let outcome = machine.transition(turnstileCycle[index])
        precondition(outcome.valid)
        if outcome.sideEffect != nil { effects &+= 1 }
        index = index == 5 ? 0 : index + 1
    }
    blackHole(effects)
}

func runPlainMatter(_ count: Int) {
    var state = Matter.State.solid
    var effects = 0
    for index in 0..<count {
        if PlainSwitch.matter(&state, matterCycle[index & 3]) != nil { effects &+= 1 }
    }
    blackHole(effects)
}

func runPlainTurnstile(_ count: Int) {
    var state = Turnstile.State.locked(credit: 0)
    var effects = 0
    var index = 0
    for _ in 0..<count {
        let outcome = PlainSwitch.turnstile(&state, turnstileCycle[index])
        precondition(outcome.valid)
        if outcome.sideEffect != nil { effects &+= 1 }
        index = index == 5 ? 0 : index + 1
    }
    blackHole(effects)
}

func runPlainInvalid(_ count: Int) {
    var state = Matter.State.solid
    var invalid = 0
    for _ in 0..<count where PlainSwitch.matter(&state, .freeze) == nil { invalid &+= 1 }
    blackHole(invalid)
}

let creditStates: [Turnstile.State] = [.locked(credit: 1), .locked(credit: 2), .locked(credit: 3), .locked(credit: 4)]

/// The credit of the same states read by pattern matching: the floor of a payload read.
@inline(never)
func runPatternCredit(_ count: Int) {
    var total = 0
    for index in 0..<count {
        if case .locked(let credit) = creditStates[index & 3] { total &+= credit }
    }
    blackHole(total)
}

final class Observer {}
let observerObject = Observer()
nonisolated(unsafe) var observed = 0

let observedMatter = Matter.machine().startObserving(observerObject) { result in
    if case .success = result { observed &+= 1 }
}
let tokenObservedMatter = Matter.machine()
let observation = tokenObservedMatter.observe { result in
    if case .success = result { observed &+= 1 }
}
let handWrittenObservedMatter = HandWrittenMatter { _, _, _, _ in observed &+= 1 }
let plainObserver: (Matter.State, Matter.Event, Matter.State, Matter.SideEffect?) -> Void = { _, _, _, _ in observed &+= 1 }

func runPlainObservedMatter(_ count: Int) {
    var state = Matter.State.solid
    var effects = 0
    for index in 0..<count {
        let from = state
        let event = matterCycle[index & 3]
        if let effect = PlainSwitch.matter(&state, event) {
            plainObserver(from, event, state, effect)
            effects &+= 1
        }
    }
    blackHole(effects)
}

/// Goes round the ring from the machine's station, sending each station's event.
func runRing(_ machine: StateMachine<Ring.State, Ring.Event, Ring.SideEffect>, _ count: Int, shared: Bool) {
    var station = machine.state.number
    var effects = 0
    for _ in 0..<count {
        let valid = try! machine.transition(Ring.Event(number: shared ? 0 : station))
        effects &+= valid.sideEffect ?? 0
        station = station + 1 == Ring.stations ? 0 : station + 1
    }
    blackHole(effects)
}

func runHandWrittenRing(_ machine: HandWrittenRing, _ count: Int, shared: Bool) {
    var station = machine.station
    var effects = 0
    for _ in 0..<count {
        effects &+= machine.transition(Ring.Event(number: shared ? 0 : station))!
        station = station + 1 == Ring.stations ? 0 : station + 1
    }
    blackHole(effects)
}

func runPlainRing(_ count: Int, shared: Bool) {
    var station = 0
    var effects = 0
    for _ in 0..<count {
        effects &+= PlainSwitch.ring(&station, Ring.Event(number: shared ? 0 : station), stations: Ring.stations, shared: shared)!
    }
    blackHole(effects)
}

let sharedRing = HandWrittenRing(stations: Ring.stations, shared: true)
let ownRing = HandWrittenRing(stations: Ring.stations, shared: false)

let scenarios: [Scenario] = [
    Scenario(
        name: "matter cycle (no payloads)",
        target: "≤ 4× switch function, ≤ 100 instructions (Tinder ~1 370 ns)",
        met: nil,   // checked below against the plain function
        library: { [machine = Matter.machine()] count in runMatter(machine, count) },
        handWritten: { [machine = HandWrittenMatter()] count in runHandWrittenMatter(machine, count) },
        plain: runPlainMatter
    ),
    Scenario(
        name: "turnstile, pattern matching",
        target: "≤ 3× switch function (Tinder ~1 310 ns)",
        met: nil,   // checked below against the plain function
        library: { [machine = StateMachine(definition: Turnstile.definition)] count in runTurnstile(machine, count) },
        handWritten: { [machine = HandWrittenTurnstile()] count in runHandWrittenTurnstile(machine, count) },
        plain: runPlainTurnstile
    ),
    Scenario(
        name: "turnstile, `try state.credit()`",
        target: "—",
        met: nil,
        library: { [machine = StateMachine(definition: Turnstile.dynamicMemberDefinition)] count in runTurnstile(machine, count) },
        handWritten: { [machine = HandWrittenTurnstile()] count in runHandWrittenTurnstile(machine, count) },
        plain: runPlainTurnstile
    ),
    Scenario(
        name: "invalid event, tryTransition",
        target: "≤ 25 ns (Tinder ~990)",
        met: { $0 <= 25 },
        library: { [machine = Matter.machine()] count in
            var invalid = 0
            for _ in 0..<count {
                if case .invalid = machine.tryTransition(.freeze) { invalid &+= 1 }
            }
            blackHole(invalid)
        },
        handWritten: { [machine = HandWrittenMatter()] count in
            var invalid = 0
            for _ in 0..<count where machine.transition(.freeze) == nil { invalid &+= 1 }
            blackHole(invalid)
        },
        plain: runPlainInvalid
    ),
    Scenario(
        name: "invalid event, throwing transition",
        target: "—",
        met: nil,
        library: { [machine = Matter.machine()] count in
            var invalid = 0
            for _ in 0..<count {
                do { try machine.transition(.freeze) } catch { invalid &+= 1 }
            }
            blackHole(invalid)
        },
        handWritten: { [machine = HandWrittenMatter()] count in
            var invalid = 0
            for _ in 0..<count where machine.transition(.freeze) == nil { invalid &+= 1 }
            blackHole(invalid)
        },
        plain: runPlainInvalid
    ),
    Scenario(
        name: "matter cycle, one observer (observe token)",
        target: "≤ +10 ns over no observer",
        met: nil,   // checked below against the first row
        library: { count in runMatter(tokenObservedMatter, count) },
        handWritten: { count in runHandWrittenMatter(handWrittenObservedMatter, count) },
        plain: runPlainObservedMatter
    ),
    Scenario(
        name: "matter cycle, one weak observer (startObserving)",
        target: "—",
        met: nil,
        library: { count in runMatter(observedMatter, count) },
        handWritten: { count in runHandWrittenMatter(handWrittenObservedMatter, count) },
        plain: runPlainObservedMatter
    ),
    Scenario(
        name: "matter cycle, one level of nesting (child machine)",
        target: "—",
        met: nil,
        library: { [machine = NestedMatter.machine()] count in
            var effects = 0
            for index in 0..<count {
                let valid = try! machine.transition(matterCycle[index & 3])
                if valid.sideEffect != nil { effects &+= 1 }
            }
            blackHole(effects)
        },
        handWritten: { [machine = HandWrittenMatter()] count in runHandWrittenMatter(machine, count) },
        plain: runPlainMatter
    ),
    Scenario(
        name: "matter cycle, superstate handlers",
        target: "≤ 2× the flat matter cycle (instructions)",
        met: nil,
        library: { [machine = SuperstateMatter.machine()] count in runMatter(machine, count) },
        handWritten: { [machine = HandWrittenMatter()] count in runHandWrittenMatter(machine, count) },
        plain: runPlainMatter
    ),
    Scenario(
        name: "matter cycle, child machine as Composing machines writes it",
        target: "≤ 3× the flat matter cycle (instructions), no allocation",
        met: nil,
        library: { [machine = ReadmeNestedMatter.machine()] count in
            var effects = 0
            for index in 0..<count {
                let valid = try! machine.transition(matterCycle[index & 3])
                if valid.sideEffect != nil { effects &+= 1 }
            }
            blackHole(effects)
        },
        handWritten: { [machine = HandWrittenMatter()] count in runHandWrittenMatter(machine, count) },
        plain: runPlainMatter
    ),
    Scenario(
        name: "payload read by label, one `try state.credit()`",
        target: "≤ 300 instructions per read",
        met: nil,
        library: { count in
            var total = 0
            for index in 0..<count {
                let credit: Int = try! creditStates[index & 3].credit()
                total &+= credit
            }
            blackHole(total)
        },
        handWritten: { count in runPatternCredit(count) },
        plain: { count in runPatternCredit(count) }
    ),
    Scenario(
        name: "matter cycle, two regions",
        target: "—",
        met: nil,
        library: { [machine = TwoRegionMatter.machine()] count in
            var effects = 0
            for index in 0..<count {
                let valid = try! machine.transition(matterCycle[index & 3])
                effects &+= valid.sideEffect?.count ?? 0
            }
            blackHole(effects)
        },
        handWritten: { [first = HandWrittenMatter(), second = HandWrittenMatter()] count in
            runHandWrittenMatter(first, count)
            runHandWrittenMatter(second, count)
        },
        plain: { count in
            runPlainMatter(count)
            runPlainMatter(count)
        }
    ),
    // A large definition: the machine is made in each round from a definition built once.
    Scenario(
        name: "ring of 10 000 stations, one shared event (dense table)",
        target: "—",
        met: nil,
        library: { count in runRing(StateMachine(definition: Ring.sharedEvent), count, shared: true) },
        handWritten: { count in runHandWrittenRing(sharedRing, count, shared: true) },
        plain: { count in runPlainRing(count, shared: true) }
    ),
    Scenario(
        name: "ring of 10 000 stations, an event each (sparse table)",
        target: "—",
        met: nil,
        library: { count in runRing(StateMachine(definition: Ring.ownEvents), count, shared: false) },
        handWritten: { count in runHandWrittenRing(ownRing, count, shared: false) },
        plain: { count in runPlainRing(count, shared: false) }
    ),
]

// MARK: - Running

if let definitionStates {
    let definition = LargeDefinition.definition(LargeDefinition.components(definitionStates))
    if definitionPhase == "validate" {
        do { try definition.validate() } catch { fatalError("\(error)") }
    }
    exit(0)
}

if let only {
    for scenario in scenarios where scenario.name.hasPrefix(only) {
        let run = switch side {
        case "class": scenario.handWritten
        case "function": scenario.plain
        default: scenario.library
        }
        for _ in 0..<rounds { run(transitionsPerRound) }
    }
    exit(0)
}

print("StateMachine benchmarks: \(rounds) rounds of \(transitionsPerRound) transitions per scenario, median shown")
if malloc_counter_allocations() == 0 {
    print("(allocation counting is unavailable on this platform: allocations show as 0)")
}

var results: [Result] = []
for scenario in scenarios {
    // Warm-up: caches, lazily made metadata, page faults.
    scenario.library(transitionsPerRound / 10)
    scenario.handWritten(transitionsPerRound / 10)
    scenario.plain(transitionsPerRound / 10)
    var library: [Sample] = []
    var handWritten: [Sample] = []
    var plain: [Sample] = []
    for _ in 0..<rounds {
        // Alternate them in every round so that all see the same machine load.
        library.append(sample(transitions: transitionsPerRound) { scenario.library(transitionsPerRound) })
        handWritten.append(sample(transitions: transitionsPerRound) { scenario.handWritten(transitionsPerRound) })
        plain.append(sample(transitions: transitionsPerRound) { scenario.plain(transitionsPerRound) })
    }
    results.append(Result(
        scenario: scenario,
        library: median(library.map(\.nanosecondsPerTransition)),
        handWritten: median(handWritten.map(\.nanosecondsPerTransition)),
        plain: median(plain.map(\.nanosecondsPerTransition)),
        libraryAllocations: median(library.map(\.allocationsPerTransition)),
        handWrittenAllocations: median(handWritten.map(\.allocationsPerTransition))
    ))
}

func isMet(_ result: Result, noObserver: Double) -> String {
    let ns = result.library
    let allocationsMet = result.libraryAllocations <= result.handWrittenAllocations
    var met: Bool?
    switch result.scenario.name {
    case "matter cycle (no payloads)":
        met = ns <= 4 * result.plain
    case "turnstile, pattern matching":
        met = ns <= 3 * result.plain
    case "matter cycle, one observer (observe token)":
        met = ns - noObserver <= 10
    default:
        met = result.scenario.met.map { $0(ns) }
    }
    guard let met else { return "no target" }
    return (met ? "yes" : "no") + (allocationsMet ? "" : ", allocs: no")
}

let header = ["scenario", "ns/transition (library)", "ns (switch class)", "ratio", "ns (switch function)", "ratio", "allocs/transition (library / switch class)", "target", "met?"]
var rows: [[String]] = [header]
for result in results {
    rows.append([
        result.scenario.name,
        format(result.library),
        format(result.handWritten),
        format(result.library / result.handWritten) + "×",
        format(result.plain),
        format(result.library / result.plain) + "×",
        format(result.libraryAllocations, decimals: 2) + " / " + format(result.handWrittenAllocations, decimals: 2),
        result.scenario.target,
        isMet(result, noObserver: results[0].library),
    ])
}
let observerCost = results[5].library - results[0].library
let weakObserverCost = results[6].library - results[0].library
print("")
for (index, row) in rows.enumerated() {
    print("| " + row.joined(separator: " | ") + " |")
    if index == 0 { print("|" + row.map { _ in "---|" }.joined()) }
}
print("")
print("one observer adds \(format(observerCost)) ns per transition with observe (target ≤ +10 ns), \(format(weakObserverCost)) ns with startObserving (a weak reference checked per transition)")

// MARK: - Validation and building

/// Milliseconds to build and to validate a definition of `count` states (the median of a few
/// runs), for the growth of both as the number of states doubles.
func definitionTimes(states count: Int) -> (build: Double, validate: Double) {
    let components = LargeDefinition.components(count)
    var builds: [Double] = []
    var validations: [Double] = []
    for _ in 0..<3 {
        var definition: LargeDefinition.Definition?
        builds.append(sample(transitions: 1) { definition = LargeDefinition.definition(components) }.nanosecondsPerTransition / 1e6)
        validations.append(sample(transitions: 1) {
            do { try definition!.validate() } catch { fatalError("\(error)") }
        }.nanosecondsPerTransition / 1e6)
    }
    return (median(builds), median(validations))
}

print("")
print("Building and validating a definition of n states (a line of stations in superstates of 10 and 100; ms, median of 3):")
print("")
print("| states | build | × when doubled | validate | × when doubled |")
print("|---|---|---|---|---|")
var previousTimes: (states: Int, build: Double, validate: Double)?
for count in [1_000, 2_000, 4_000, 5_000, 10_000] {
    let times = definitionTimes(states: count)
    let doubled = previousTimes.map { $0.states * 2 == count } ?? false
    let buildRatio = doubled ? format(times.build / previousTimes!.build, decimals: 2) + "×" : ""
    let validateRatio = doubled ? format(times.validate / previousTimes!.validate, decimals: 2) + "×" : ""
    print("| \(count) | \(format(times.build, decimals: 1)) | \(buildRatio) | \(format(times.validate, decimals: 1)) | \(validateRatio) |")
    previousTimes = (count, times.build, times.validate)
}
print("target: 10 000 states validate in under 1 000 ms")

// MARK: - Reference costs

/// What a few building blocks cost on this machine, to explain the figures above.
final class WeakBox {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

@inline(never)
func isAlive(_ box: WeakBox) -> Bool { box.object != nil }

final class Holder {
    var object: AnyObject?
}

/// A strong reference stored and cleared: one retain and one release.
@inline(never)
func retainAndRelease(_ object: AnyObject, in holder: Holder) -> Int {
    holder.object = object
    holder.object = nil
    return 1
}

var mutex = pthread_mutex_t()
pthread_mutex_init(&mutex, nil)
let weakBox = WeakBox(observerObject)
@MainActor
func referenceCost(_ body: (Int) -> Void) -> Double {
    body(transitionsPerRound / 10)
    return median((0..<rounds).map { _ in
        sample(transitions: transitionsPerRound) { body(transitionsPerRound) }.nanosecondsPerTransition
    })
}
let weakCost = referenceCost { count in
    var alive = 0
    for _ in 0..<count where isAlive(weakBox) { alive &+= 1 }
    blackHole(alive)
}
let holder = Holder()
let plainObject = Holder()   // never weakly referenced: its counts stay inline
let retainCost = referenceCost { count in
    var total = 0
    for _ in 0..<count { total &+= retainAndRelease(plainObject, in: holder) }
    blackHole(total)
}
let lockCost = referenceCost { count in
    for _ in 0..<count {
        pthread_mutex_lock(&mutex)
        pthread_mutex_unlock(&mutex)
    }
}
let sideTableRetainCost = referenceCost { count in
    var total = 0
    for _ in 0..<count { total &+= retainAndRelease(observerObject, in: holder) }
    blackHole(total)
}
print("reference costs on this machine: checking a weak reference \(format(weakCost)) ns, retain + release \(format(retainCost)) ns (\(format(sideTableRetainCost)) ns for an object that is also weakly referenced), pthread mutex lock + unlock \(format(lockCost)) ns")

// MARK: - Memory per machine

/// Heap bytes per machine for `count` machines made from one definition, kept alive in an
/// array whose own storage (8 bytes per machine) is subtracted.
func bytesPerMachine(count: Int) -> (perMachine: Double, allocationsPerMachine: Double) {
    let definition = Matter.definition
    var machines: [StateMachine<Matter.State, Matter.Event, Matter.SideEffect>] = []
    machines.reserveCapacity(count)
    let bytesBefore = malloc_counter_bytes_in_use()
    let allocationsBefore = malloc_counter_allocations()
    for _ in 0..<count {
        machines.append(StateMachine(definition: definition))
    }
    let bytes = Double(malloc_counter_bytes_in_use() - bytesBefore)
    let allocations = Double(malloc_counter_allocations() - allocationsBefore)
    blackHole(machines.count)
    return (bytes / Double(count), allocations / Double(count))
}

_ = bytesPerMachine(count: 1_000)
let memory = bytesPerMachine(count: 100_000)
print("100 000 machines from one definition: \(format(memory.perMachine)) bytes per machine (heap, mallinfo2), \(format(memory.allocationsPerMachine, decimals: 2)) allocations per machine; target ≤ 128 bytes (Tinder ~860): \(memory.perMachine <= 128 ? "met" : "not met")")
print("instance size reported by the runtime: \(instanceSize(of: Matter.machine())) bytes")
blackHole(sink &+ observed)
