@testable import StateMachineMigration
import Testing

/// The pre-scan that measures a source before the parser sees it: what it counts, what it skips,
/// and where it stops.
@Suite struct NestingScanTests {

    static func scan(_ source: String, _ limits: NestingScan.Limits = NestingScan.Limits()) -> NestingScan {
        NestingScan(Array(source.utf8), limits: limits)
    }

    @Test static func bracketsBracesParenthesesAndIfBlocksAreCounted() {
        let scan = scan("f({ [ (1) ] })\n#if A\nlet x = [[1]]\n#endif\n")
        #expect(scan.maximumDepth == 4)
        #expect(scan.maximumSquareRun == 2)
        #expect(scan.maximumConditionalDepth == 1)
        #expect(scan.excess == nil)
    }

    @Test static func stringsCommentsRegexLiteralsAndBackquotedNamesAreSkipped() {
        let source = """
            let a = "[[[[(((({{{{"
            // [[[[[[[[
            /* [[[[ /* nested [[[[ */ [[[[ */
            let b = #"raw [[[[ "quoted" \\[ "#
            let c = \"""
                [[[[[[ " "" ((((
                \"""
            let d = #/[[[[(((/#
            let `[[[[` = 1

            """
        let scan = scan(source)
        #expect(scan.maximumDepth == 0)
        #expect(scan.maximumSquareRun == 0)
    }

    @Test static func interpolationsAreCountedAsOneLevelAndTheirCodeIsScanned() {
        let scan = scan(#"let a = "x \("y \([[1]])") z [[[[""# + "\n")
        // Two interpolations, then `[[`: four levels; the `[[[[` in the outer string is text.
        #expect(scan.maximumDepth == 4)
        #expect(scan.maximumSquareRun == 2)
    }

    @Test static func aRawStringInterpolatesOnlyWithItsPounds() {
        #expect(scan(##"let a = #"\([[[[1]]]])"#"## + "\n").maximumDepth == 0)
        #expect(scan(##"let a = #"\#([[1]])"#"## + "\n").maximumDepth == 3)
    }

    @Test static func aOneLineStringEndsAtTheEndOfItsLineAsTheLexerEndsIt() {
        // The unterminated string does not hide the brackets of the next line.
        #expect(scan("let a = \"[[[\nlet b = [[[1]]]\n").maximumSquareRun == 3)
    }

    @Test static func aLineEndsAtACarriageReturnAsTheLexerEndsIt() {
        // A file with `\r` line ends (found by the migrate fuzzer): a comment, a one-line string and a backquoted
        // name end at the `\r` and do not hide the brackets of the next line.
        #expect(scan("// note\rlet x: [[[Int]]] = []\r").maximumSquareRun == 3)
        #expect(scan("let a = \"[[[\rlet b = [[[1]]]\r").maximumSquareRun == 3)
        #expect(scan("let `a\rlet b = [[[1]]]\r").maximumSquareRun == 3)
    }

    @Test static func aBraceStartsANewRunOfSquareBrackets() {
        let scan = scan("let a = [[{ [[[1]]] }]]\n")
        #expect(scan.maximumSquareRun == 3)
        #expect(scan.maximumDepth == 6)
        // 2² for the second `[` outside the closure, 2² and 2³ for the second and third inside.
        #expect(scan.squareWork == 4 + 4 + 8)
    }

    @Test static func anAngleBracketIsClosedByAnotherButNotByAnArrow() {
        #expect(scan("let a: Array<Array<Int>> = []\n").maximumAngleRun == 2)
        #expect(scan("let f: (A<B>) -> C<D<E>>\n").maximumAngleRun == 2)
        // Comparisons are never closed; a `{`, `}`, `;` or `=` starts over.
        #expect(scan("if a < b && c < d { x = e < f }\n").maximumAngleRun == 2)
    }

    @Test static func theScanStopsAtTheFirstBracketPastEachLimit() {
        let deep = scan("let x = ((((1))))\n", NestingScan.Limits(depth: 3))
        #expect(deep.excess == NestingScan.Excess(kind: .depth, offset: 11, value: 4))
        let square = scan("let x = [([(1)])]\n", NestingScan.Limits(squareRun: 1))
        #expect(square.excess == NestingScan.Excess(kind: .squareRun, offset: 10, value: 2))
        let work = scan("let x = [[1]]\nlet y = [[[1]]]\n", NestingScan.Limits(squareWork: 4 + 4 + 7))
        #expect(work.excess == NestingScan.Excess(kind: .squareWork, offset: 24, value: 4 + 4 + 8))
        let angles = scan("let x = A<A<A<Int>>>()\n", NestingScan.Limits(angleRun: 2))
        #expect(angles.excess == NestingScan.Excess(kind: .angleRun, offset: 13, value: 3))
        let conditions = scan("#if A\n#if B\n#endif\n#endif\n", NestingScan.Limits(conditionalDepth: 1))
        #expect(conditions.excess == NestingScan.Excess(kind: .conditionalDepth, offset: 6, value: 2))
    }

    @Test static func closingBracketsWithoutOpeningOnesAreIgnored() {
        let scan = scan("]]])))}}} let x = [[1]]\n")
        #expect(scan.maximumSquareRun == 2)
        #expect(scan.maximumDepth == 2)
    }
}
