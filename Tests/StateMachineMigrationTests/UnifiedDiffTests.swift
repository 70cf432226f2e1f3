import Foundation
import StateMachineMigration
import Testing

@Suite struct UnifiedDiffTests {

    @Test static func equalTextsGiveNoDiff() {
        #expect(UnifiedDiff.diff("a\nb\n", "a\nb\n", file: "F.swift") == "")
    }

    @Test static func aChangedLineIsShownWithThreeLinesOfContext() {
        let old = "1\n2\n3\n4\n5\n6\n7\n8\n9\n"
        let new = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n"
        #expect(UnifiedDiff.diff(old, new, file: "F.swift") == """
            --- a/F.swift
            +++ b/F.swift
            @@ -2,7 +2,7 @@
             2
             3
             4
            -5
            +five
             6
             7
             8

            """)
    }

    @Test static func distantChangesGetTwoHunks() {
        let old = (1...20).map(String.init).joined(separator: "\n") + "\n"
        let new = old.replacingFirst("2\n", with: "two\n").replacingFirst("19\n", with: "")
        #expect(UnifiedDiff.diff(old, new, file: "F.swift") == """
            --- a/F.swift
            +++ b/F.swift
            @@ -1,5 +1,5 @@
             1
            -2
            +two
             3
             4
             5
            @@ -16,5 +16,4 @@
             16
             17
             18
            -19
             20

            """)
    }
}

private extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
