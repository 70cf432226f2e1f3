import Foundation
@testable import StateMachineSCXML
import Testing

/// SCXML's algorithm as the converter runs it on configurations (SCXMLConfigurations), on small
/// documents written for each step of it; the documents of Tests/SCXML run the converted
/// machines on both runtimes.
@Suite struct SCXMLConfigurationsTests {
    private func document(_ body: String, initial: String? = nil) throws -> SCXMLDocument {
        let text = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"\(initial.map { " initial=\"\($0)\"" } ?? "")>
            \(body)
            </scxml>
            """
        return try SCXMLDocument(data: Data(text.utf8), file: "test.scxml")
    }

    private func ids(_ engine: SCXMLConfigurations, _ configuration: [Int]) -> [String] {
        configuration.map { engine.states[$0].id }
    }

    @Test func theStartEntersEveryRegionInDocumentOrder() throws {
        let document = try document("""
            <parallel id="p">
              <state id="a"><state id="a1"/><state id="a2"/></state>
              <state id="b" initial="b2"><state id="b1"/><state id="b2"/></state>
            </parallel>
            """)
        #expect(document.byConfigurations)
        let engine = SCXMLConfigurations(document: document)
        guard case .step(let start) = try engine.start() else { Issue.record("the start chose on data"); return }
        #expect(ids(engine, start.target) == ["p", "a", "a1", "b", "b2"])
    }

    @Test func aTransitionLeavingTheParallelPreemptsALaterOneAndLosesToAnEarlierOne() throws {
        let document = try document("""
            <parallel id="p">
              <state id="a"><state id="a1"><transition event="e" target="a2"/></state><state id="a2"/></state>
              <state id="b"><state id="b1"><transition event="e" target="out"/></state></state>
            </parallel>
            <state id="out"/>
            """)
        let engine = SCXMLConfigurations(document: document)
        let configuration = ["p", "a", "a1", "b", "b1"].map { document.indexOfID[$0]! }
        guard case .transitions(let selected) = try engine.selection(on: "e", in: configuration, values: [:]) else {
            Issue.record("the selection chose on data"); return
        }
        #expect(selected.map { engine.states[$0.source].id } == ["a1"])
    }

    @Test func theDoneEventOfAParallelFollowsItsLastRegion() throws {
        let document = try document("""
            <parallel id="p">
              <state id="a"><state id="a1"><transition event="e" target="af"/></state><final id="af"/></state>
              <state id="b"><state id="b1"><transition event="e" target="bf"/></state><final id="bf"/></state>
            </parallel>
            """)
        let engine = SCXMLConfigurations(document: document)
        let configuration = ["p", "a", "a1", "b", "b1"].map { document.indexOfID[$0]! }
        guard case .step(let step) = try engine.outcome(on: "e", in: configuration, values: [:]) else {
            Issue.record("no single microstep"); return
        }
        #expect(step.raised == ["done.state.a", "done.state.b", "done.state.p"])
        #expect(ids(engine, step.target) == ["p", "a", "af", "b", "bf"])
    }

    @Test func aConditionOnDataIsAChoiceWithAMicrostepOnEachSide() throws {
        let document = try document("""
            <datamodel><data id="n" expr="0"/></datamodel>
            <state id="s0">
              <transition event="e" cond="n &lt; 2" target="s0"><assign location="n" expr="n + 1"/></transition>
              <transition event="e" target="s1"/>
            </state>
            <state id="s1"/>
            """)
        let engine = SCXMLConfigurations(document: document)
        let s0 = document.indexOfID["s0"]!
        guard case .branch(let condition, .step(let again), .step(let leave)) = try engine.outcome(on: "e", in: [s0], values: ["n": .field("n")]) else {
            Issue.record("expected a choice between two microsteps"); return
        }
        #expect(condition == .binary("<", .field("n"), .int(2)))
        #expect(ids(engine, again.target) == ["s0"] && again.values["n"] == .binary("+", .field("n"), .int(1)))
        #expect(ids(engine, leave.target) == ["s1"] && leave.values["n"] == .field("n"))
    }

    @Test func tooManyConfigurationsAreRefused() throws {
        // Twelve regions of two states each reach 4,096 configurations.
        let regions = (0..<12).map { "<state id=\"r\($0)\"><state id=\"r\($0)a\"><transition event=\"flip\($0)\" target=\"r\($0)b\"/></state><state id=\"r\($0)b\"><transition event=\"flip\($0)\" target=\"r\($0)a\"/></state></state>" }
        let document = try document("<parallel id=\"p\">\(regions.joined())</parallel>")
        let error = #expect(throws: SCXMLError.self) { try document.fixture(file: "test.scxml", name: "test") }
        #expect(error?.message == "the document reaches more than 2000 configurations, which is more than this version converts")
    }
}
