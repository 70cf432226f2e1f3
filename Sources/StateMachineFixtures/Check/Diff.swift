/// A line diff by longest common subsequence: `- ` expected only, `+ ` actual only, two spaces
/// for both.
enum Diff {
    static func lines(expected: [String], actual: [String]) -> [String] {
        let n = expected.count
        let m = actual.count
        var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                common[i][j] = expected[i].scalarsEqual(actual[j]) ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n && j < m && expected[i].scalarsEqual(actual[j]) {
                lines.append("  \(expected[i])")
                i += 1
                j += 1
            } else if j < m && (i == n || common[i][j + 1] > common[i + 1][j]) {
                lines.append("+ \(actual[j])")
                j += 1
            } else {
                lines.append("- \(expected[i])")
                i += 1
            }
        }
        return lines
    }
}
