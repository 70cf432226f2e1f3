/// A unified diff (`diff -u` format, three lines of context) between two texts.
public enum UnifiedDiff {

    /// The diff of `original` into `migrated`, headed `--- a/<file>` / `+++ b/<file>`; empty when
    /// the texts are equal.
    public static func diff(_ original: String, _ migrated: String, file: String) -> String {
        let old = lines(original)
        let new = lines(migrated)
        let difference = new.difference(from: old)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // The edit script: (kind, old line index, new line index).
        var script: [(kind: Character, old: Int, new: Int)] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                script.append(("-", i, j)); i += 1
            } else if j < new.count, inserted.contains(j) {
                script.append(("+", i, j)); j += 1
            } else {
                script.append((" ", i, j)); i += 1; j += 1
            }
        }
        let changes = script.indices.filter { script[$0].kind != " " }
        guard !changes.isEmpty else { return "" }
        var output = "--- a/\(file)\n+++ b/\(file)\n"
        let context = 3
        var hunkStart = 0
        while hunkStart < changes.count {
            var hunkEnd = hunkStart
            while hunkEnd + 1 < changes.count, changes[hunkEnd + 1] - changes[hunkEnd] <= 2 * context {
                hunkEnd += 1
            }
            let first = max(0, changes[hunkStart] - context)
            let last = min(script.count - 1, changes[hunkEnd] + context)
            let slice = script[first...last]
            let oldCount = slice.filter { $0.kind != "+" }.count
            let newCount = slice.filter { $0.kind != "-" }.count
            let oldStart = oldCount == 0 ? slice.first!.old : slice.first!.old + 1
            let newStart = newCount == 0 ? slice.first!.new : slice.first!.new + 1
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for step in slice {
                output += step.kind == "+" ? "+\(new[step.new])\n" : "\(step.kind)\(old[step.old])\n"
            }
            hunkStart = hunkEnd + 1
        }
        return output
    }

    private static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
