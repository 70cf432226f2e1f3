/// The handler cells of a large transition table, by definition: only the cells that name a
/// handler or hold a `where:` predicate, so that the table grows with the definition rather
/// than with its states × events (see ``TableLayout``).
///
/// Compressed rows: the cells of definition `d` are `columns[start[d] ..< start[d + 1]]`,
/// sorted, and their values at the same places in `values`. A lookup is a binary search of
/// one definition's cells, most often one to a few. `@inlinable`, so that a transition of a
/// sparse table runs it specialized, without runtime metadata lookups.
@usableFromInline
struct SparseCells: Sendable {

    @usableFromInline let start: [Int32]
    @usableFromInline let columns: [Int32]
    @usableFromInline let values: [Int32]

    /// The cells that are not empty, as (column, value) pairs, by definition.
    ///
    /// - Parameter rows: For each definition, its cells in any order, one per column.
    init(rows: [[(column: Int32, value: Int32)]]) {
        var start: [Int32] = []
        start.reserveCapacity(rows.count + 1)
        var columns: [Int32] = []
        var values: [Int32] = []
        let count = rows.reduce(0) { $0 + $1.count }
        columns.reserveCapacity(count)
        values.reserveCapacity(count)
        for row in rows {
            start.append(Int32(columns.count))
            for (column, value) in row.sorted(by: { $0.column < $1.column }) {
                columns.append(column)
                values.append(value)
            }
        }
        start.append(Int32(columns.count))
        self.start = start
        self.columns = columns
        self.values = values
    }

    /// The value of the cell, or `empty` when the definition has no handler for the column.
    @inlinable
    func cell(definition: Int, column: Int, empty: Int32) -> Int32 {
        var low = Int(start[definition])
        var high = Int(start[definition + 1])
        let column = Int32(truncatingIfNeeded: column)
        while low < high {
            let middle = (low + high) / 2
            let found = columns[middle]
            if found == column { return values[middle] }
            if found < column { low = middle + 1 } else { high = middle }
        }
        return empty
    }

    /// The words stored: the row starts, the columns and the values.
    var storedCount: Int { start.count + columns.count + values.count }
}
