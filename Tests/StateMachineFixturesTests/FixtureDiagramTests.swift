import GraphvizTestSupport
import StateMachine
@testable import StateMachineFixtures
import Testing

/// Issue 37: the diagrams of the fixture machines, drawn by Graphviz and read back from the SVG.
/// Every machine is drawn without a warning and with no label over another; the seeds' edges
/// are exactly those written here by hand from their files: each branch of an `if` its own edge,
/// with its condition as the guard and its own side effect.
@Suite struct FixtureDiagramTests {

    static let fixtureFiles: [String] = ((try? StateMachineFixturesTests.fixtureFiles(in: "Fixtures")) ?? []).filter { file in
        (try? loadFixture(file).hasMachine) == true
    }

    /// The picture `statemachine graph --format svg` draws for `file`.
    static func picture(_ file: String) throws -> GraphvizSVG {
        try GraphvizSVG(try #require(try loadFixture(file).diagram(format: .dot)))
    }

    @Test func everyFixtureWithAMachineIsDrawn() {
        #expect(Self.fixtureFiles.count >= 50)
    }

    @Test(arguments: fixtureFiles)
    func graphvizDrawsTheMachineWithNoLabelOverAnother(file: String) throws {
        let source = try #require(try loadFixture(file).diagram(format: .dot))
        let picture = try GraphvizSVG(source)
        #expect(picture.overlappingLabels == [])
        #expect(!picture.nodes.isEmpty)
        // Every edge joins two nodes of the picture, or leaves from the invisible point inside
        // a superstate's cluster; every handler's edge says its event.
        let invisible = source.split(separator: "\n").compactMap { line in
            line.hasSuffix(" [shape=point, style=invis];") ? line.split(separator: "\"").dropFirst().first.map(String.init) : nil
        }
        let nodes = Set(picture.nodes.map(\.title) + invisible)
        for edge in picture.edges {
            let ends = edge.title.components(separatedBy: "->")
            #expect(ends.count == 2 && nodes.contains(ends[0]) && nodes.contains(ends[1]), "\(edge.title)")
            #expect(!edge.texts.contains(""), "\(edge.title)")
        }
    }

    @Test func theTurnstileWithCreditDrawsEachBranchWithItsGuardAndItsOwnSideEffect() throws {
        // insertCoin: if credit + value >= 50 then unlocked, emitting openDoors, else locked with
        // the new credit, emitting nothing. locked's self-loops are one loop, a line each.
        let picture = try Self.picture("Fixtures/seed-001-turnstile-with-credit.json")
        #expect(Set(picture.labelledEdges) == [
            .init("start", "locked", []),
            .init("locked", "unlocked", ["insertCoin [state.credit + event.value >= 50] / openDoors"]),
            .init("locked", "locked", ["insertCoin [state.credit + event.value < 50]", "admitPerson / soundAlarm"]),
            .init("locked", "broken", ["machineDidFail"]),
            .init("unlocked", "locked", ["admitPerson / closeDoors"]),
            .init("unlocked", "broken", ["machineDidFail"]),
            .init("broken", "locked", ["machineRepairDidComplete"]),
        ])
        #expect(picture.edges.count == 7)
        #expect(try loadFixture("Fixtures/seed-001-turnstile-with-credit.json").diagram(format: .mermaid) == """
            stateDiagram-v2
                [*] --> locked
                locked --> unlocked: insertCoin [state.credit + event.value #gt;= 50] / openDoors
                locked --> locked: insertCoin [state.credit + event.value #lt; 50]
                locked --> locked: admitPerson / soundAlarm
                locked --> broken: machineDidFail
                unlocked --> locked: admitPerson / closeDoors
                unlocked --> broken: machineDidFail
                broken --> locked: machineRepairDidComplete

            """)
    }

    @Test func theOnboardingFlowsGoToLeadsWhereItsGuardSays() throws {
        // goTo transitions to event.target; its where says which target, and an `or` of two is
        // drawn as two edges, each with its own side effect.
        let picture = try Self.picture("Fixtures/seed-002-onboarding-flow.json")
        #expect(Set(picture.labelledEdges) == [
            .init("start", "initial", []),
            .init("initial", "pushNotificationsAsk", ["next / showPushNotificationScreen"]),
            .init("initial", "pushNotificationsAsk", ["goTo [event.target == pushNotificationsAsk] / showPushNotificationScreen"]),
            .init("pushNotificationsAsk", "pushNotificationsDisplay", ["accept / requestNotificationPermissions"]),
            .init("pushNotificationsAsk", "locationAsk", ["skip / showLocationScreen"]),
            .init("pushNotificationsAsk", "pushNotificationsDisplay", ["goTo [event.target == pushNotificationsDisplay] / requestNotificationPermissions"]),
            .init("pushNotificationsAsk", "locationAsk", ["goTo [event.target == locationAsk] / showLocationScreen"]),
            .init("pushNotificationsDisplay", "locationAsk", ["next / showLocationScreen"]),
            .init("pushNotificationsDisplay", "locationAsk", ["goTo [event.target == locationAsk] / showLocationScreen"]),
            .init("locationAsk", "locationDisplay", ["accept / requestLocationPermissions"]),
            .init("locationAsk", "onboarded", ["skip / showOnboarded"]),
            .init("locationAsk", "locationDisplay", ["goTo [event.target == locationDisplay] / requestLocationPermissions"]),
            .init("locationAsk", "onboarded", ["goTo [event.target == onboarded] / showOnboarded"]),
            .init("locationDisplay", "onboarded", ["next / showOnboarded"]),
            .init("locationDisplay", "onboarded", ["goTo [event.target == onboarded] / showOnboarded"]),
        ])
        #expect(picture.edges.count == 15)
        #expect(!picture.texts.contains { $0.hasPrefix("?") }, "no target is left unknown")
    }

    @Test func tindersTurnstileDrawsItsComputedTargetToALabelledNodeWithALegend() throws {
        let picture = try Self.picture("Fixtures/seed-004-tinder-turnstile.json")
        #expect(Set(picture.labelledEdges) == [
            .init("start", "locked", []),
            .init("locked", "unlocked", ["insertCoin [state.credit + event.value >= 50] / openDoors"]),
            .init("locked", "locked", ["insertCoin [state.credit + event.value < 50]", "admitPerson / soundAlarm"]),
            .init("locked", "broken", ["machineDidFail / orderRepair"]),
            .init("unlocked", "locked", ["admitPerson / closeDoors"]),
            .init("broken", "? (computed)", ["machineRepairDidComplete"]),
        ])
        #expect(picture.edges.filter(\.isDashed).map(\.texts) == [["machineRepairDidComplete"]])
        #expect(picture.labels.filter { $0.owner == "graph" }.map(\.lines) == [
            ["? (computed): the transition's target is computed (a ref or an if expression), so it may lead to any state"],
        ])
    }

    @Test func theOtherSeedsDrawTheirHandlersAndSideEffects() throws {
        #expect(Set(try Self.picture("Fixtures/seed-000-pure-turnstile.json").labelledEdges) == [
            .init("start", "locked", []),
            .init("locked", "unlocked", ["insertToken / unlock"]),
            .init("locked", "locked", ["admitPerson / notifySecurity"]),
            .init("unlocked", "locked", ["admitPerson / lock"]),
            .init("unlocked", "unlocked", ["insertToken / ejectToken"]),
        ])
        #expect(Set(try Self.picture("Fixtures/seed-003-smc-turnstile.json").labelledEdges) == [
            .init("start", "locked", []),
            .init("locked", "unlocked", ["coin / unlock"]),
            .init("locked", "locked", ["pass / alarm"]),
            .init("unlocked", "unlocked", ["coin / thankyou"]),
            .init("unlocked", "locked", ["pass / lock"]),
        ])
        #expect(Set(try Self.picture("Fixtures/seed-004-matter.json").labelledEdges) == [
            .init("start", "solid", []),
            .init("solid", "liquid", ["melt / logMelted"]),
            .init("liquid", "solid", ["freeze / logFrozen"]),
            .init("liquid", "gas", ["vaporize / logVaporized"]),
            .init("gas", "liquid", ["condense / logCondensed"]),
        ])
    }

    @Test func theHierarchicalTurnstileDrawsItsChildInsideFunctioning() throws {
        // Edges from and to functioning leave from and go to its child's initial marker
        // (s0/start), clipped at its cluster.
        let picture = try Self.picture("Fixtures/seed-001-hierarchical-turnstile.json")
        #expect(picture.clusters.map(\.texts) == [["functioning"]])
        #expect(Set(picture.labelledEdges) == [
            .init("start", "s0/start", []),
            .init("s0/start", "locked", []),
            .init("locked", "unlocked", ["insertCoin [state.credit + event.value >= 50] / openDoors"]),
            .init("locked", "locked", ["insertCoin [state.credit + event.value < 50]", "admitPerson / soundAlarm"]),
            .init("unlocked", "locked", ["admitPerson / closeDoors"]),
            .init("s0/start", "broken", ["machineDidFail"]),
            .init("broken", "s0/start", ["machineRepairDidComplete"]),
        ])
    }

    @Test func theKeyboardDrawsEachKeyWithItsValueAndItsOwnOutput() throws {
        let picture = try Self.picture("Fixtures/seed-001-keyboard.json")
        #expect(picture.clusters.map(\.texts) == [["keyboardState"], ["mainKeypadState"], ["numericKeypadState"]])
        #expect(picture.clusters[1].right < picture.clusters[2].left, "the regions are side by side, in order")
        // Each self-loop's label is inside its region's border: its box less the four spaces of
        // room that end each line (a quarter of the 14-point font each, in Times).
        for (region, cluster) in [("r0/", picture.clusters[1]), ("r1/", picture.clusters[2])] {
            let loops = picture.labels.filter { $0.owner.hasPrefix(region) && $0.owner.components(separatedBy: "->").count == 2 }
                .filter { $0.owner.components(separatedBy: "->")[0] == $0.owner.components(separatedBy: "->")[1] }
            #expect(loops.count == 2)
            for loop in loops {
                let end = loop.maxX - 4 * 14 / 4
                #expect(end < cluster.right, "\(loop.lines) ends at \(end), its region's border is at \(cluster.right)")
            }
        }
        #expect(Set(picture.labelledEdges) == [
            .init("start", "r0/start", []),
            .init("r0/start", "capsLockOff", []),
            .init("capsLockOff", "capsLockOn", ["capsLock"]),
            .init("capsLockOff", "capsLockOff", ["alpha / alphaNumeric(event._0)"]),
            .init("capsLockOn", "capsLockOff", ["capsLock"]),
            .init("capsLockOn", "capsLockOn", [#"alpha [event == alpha("a")] / alphaNumeric("A")"#, #"alpha [event == alpha("z")] / alphaNumeric("Z")"#]),
            .init("r1/start", "numLockOn", []),
            .init("numLockOn", "numLockOff", ["numLock"]),
            .init("numLockOn", "numLockOn", [#"number [event == number(8)] / alphaNumeric("8")"#, #"number [event == number(2)] / alphaNumeric("2")"#]),
            .init("numLockOff", "numLockOn", ["numLock"]),
            .init("numLockOff", "numLockOff", [
                "number [event == number(2)] / arrow(up)", "number [event == number(4)] / arrow(left)",
                "number [event == number(6)] / arrow(right)", "number [event == number(8)] / arrow(down)", "number",
            ]),
        ])
    }
}
