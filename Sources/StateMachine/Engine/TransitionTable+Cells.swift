extension TransitionTable {

    /// The table a transition reads first: one cell per (state row, event case) that gives, in
    /// one lookup, what ``step(from:row:on:)`` finds in three (the row's definition, the event's
    /// column, the definition's cell): the handler to call, with its definition; or that the
    /// event is invalid there; or that the step must be taken (a `where:` predicate decides, or
    /// the table is composite, or the row has no definition).
    ///
    /// A cell is a word: ``step``, ``invalid``, or the address of the handler's ``HandlerBox``,
    /// which the table keeps alive. The words live in one block the table owns and frees, read
    /// without bounds checks: rows come from ``CaseIndex``, columns are event tags (below the
    /// number of cases) or event columns.
    ///
    /// In the sparse layout (``TableLayout``) the block is one row of ``step`` and `stride` is
    /// 0, so that every row reads it with the same instructions: every transition takes the
    /// step, which finds the handler in the sparse cells.
    @usableFromInline
    struct Cells: @unchecked Sendable {

        /// Take ``TransitionTable/step(from:row:on:)``.
        @inlinable static var step: UInt { 0 }
        /// The event is invalid in every state of the row.
        @inlinable static var invalid: UInt { 1 }

        @usableFromInline let base: UnsafeMutablePointer<UInt>
        /// Cells per row: the number of event cases when events are read by tag, otherwise the
        /// number of event columns; 0 in the sparse layout, whose rows are all one.
        @usableFromInline let stride: Int
        /// Whether an event's one byte is its tag, the column of its cell.
        @usableFromInline let eventByteIsTag: Bool
        private let count: Int

        /// The cells of a row: one per event case when events are read by tag, otherwise one
        /// per event column; at least one.
        static func width(events: CaseIndex<Event>, columnCount: Int) -> Int {
            max(events.tagReader != nil ? events.rowOfTag.count : columnCount, 1)
        }

        /// - Parameters:
        ///   - cells: The handler cells of the dense layout, `columnCount` per definition; nil
        ///     in the sparse layout, whose every cell says ``step`` (no row, box or handler
        ///     is then read).
        ///   - handlers: The handler boxes, by handler index; empty for a composite table, whose
        ///     cells say ``step``, except in the rows of `directRows`.
        ///   - directRows: For a composite table, the box of each definition whose every cell
        ///     names it (a child stepped directly).
        ///   - everyRow: For a product, the box every cell names (its regions stepped directly).
        init(
            states: CaseIndex<State>, events: CaseIndex<Event>, definitionOfRow: [Int32], cells: [Int32]?,
            columnCount: Int, handlers: [HandlerBox], directRows: [Int: HandlerBox] = [:], everyRow: HandlerBox? = nil
        ) {
            let byTag = events.tagReader != nil
            eventByteIsTag = MemoryLayout<Event>.size == 1 && events.tagReader?.byteIsTag == true
            let width = Self.width(events: events, columnCount: columnCount)
            guard let cells else {
                // The sparse layout: one row, read for every state (the row -1 too).
                stride = 0
                count = width
                base = UnsafeMutablePointer<UInt>.allocate(capacity: count)
                base.initialize(repeating: Self.step, count: count)
                return
            }
            stride = width
            // One more row first, the row -1 of a state no definition names: every cell says
            // ``step``, so that looking up a cell needs no test of the row.
            count = (states.count + 1) * stride
            base = UnsafeMutablePointer<UInt>.allocate(capacity: count) + stride
            (base - stride).initialize(repeating: Self.step, count: count)
            if let everyRow {
                base.update(repeating: UInt(bitPattern: Unmanaged.passUnretained(everyRow).toOpaque()), count: count - stride)
            }
            for row in 0..<states.count {
                let definition = Int(definitionOfRow[row])
                guard definition >= 0, let box = directRows[definition] else { continue }
                (base + row * stride).update(repeating: UInt(bitPattern: Unmanaged.passUnretained(box).toOpaque()), count: stride)
            }
            guard !handlers.isEmpty else { return }
            for row in 0..<states.count {
                let definition = Int(definitionOfRow[row])
                guard definition >= 0 else { continue }   // a predicate decides, or no definition
                for index in 0..<stride {
                    let column = byTag ? Int(events.rowOfTag[index]) : index
                    let cell = column < 0 ? TransitionTable.none : cells[definition * columnCount + column]
                    let word: UInt
                    if cell >= 0 {
                        word = UInt(bitPattern: Unmanaged.passUnretained(handlers[Int(cell)]).toOpaque())
                    } else if cell == TransitionTable.none {
                        word = Self.invalid
                    } else {
                        continue
                    }
                    base[row * stride + index] = word
                }
            }
        }

        /// Frees the block; call once, from the table's `deinit`.
        func deallocate() {
            (base - stride).deallocate()
        }

        /// The words of the block.
        var storedCount: Int { count }

        /// The cell of `event` in the state whose row is `row` (-1 for a state no definition
        /// names).
        @inlinable @inline(__always)
        func cell(row: Int, event: Event, events: CaseIndex<Event>) -> UInt {
            let column: Int
            if MemoryLayout<Event>.size == 1 && eventByteIsTag {
                column = Int(unsafeBitCast(event, to: UInt8.self))
            } else if let reader = events.tagReader {
                column = reader.unprotectedTag(of: event)
            } else {
                column = events.row(of: event)
                guard column >= 0 else { return Self.step }
            }
            return base[row &* stride &+ column]
        }
    }

    /// The row and the definition of each state case, by tag, so that the state a handler
    /// enters is placed in one lookup. Empty (nil) when states are not read by tag.
    @usableFromInline
    struct StateEntries: @unchecked Sendable {

        @usableFromInline
        struct Entry {
            /// The row; -1 when the case is not named.
            @usableFromInline let row: Int32
            /// As in `definitionOfRow`: the definition, or ``TransitionTable/none``, or
            /// ``TransitionTable/conditional`` when a predicate decides.
            @usableFromInline let definition: Int32
        }

        @usableFromInline let base: UnsafeMutablePointer<Entry>?
        /// Whether a state's one byte is its tag.
        @usableFromInline let stateByteIsTag: Bool

        init(states: CaseIndex<State>, definitionOfRow: [Int32]) {
            stateByteIsTag = MemoryLayout<State>.size == 1 && states.tagReader?.byteIsTag == true
            guard states.tagReader != nil else {
                base = nil
                return
            }
            let count = states.rowOfTag.count
            let base = UnsafeMutablePointer<Entry>.allocate(capacity: max(count, 1))
            for tag in 0..<count {
                let row = states.rowOfTag[tag]
                base[tag] = Entry(row: row, definition: row >= 0 ? definitionOfRow[Int(row)] : TransitionTable.none)
            }
            self.base = base
        }

        /// Frees the block; call once, from the table's `deinit`.
        func deallocate() {
            base?.deallocate()
        }
    }

    /// The row of `state` and the definition used for it (-1 when none matches); the lookup of
    /// the state a handler enters. Throws what a `where:` predicate of the state throws.
    @inlinable @inline(__always)
    func rowAndDefinition(of state: State) throws -> (row: Int, definition: Int) {
        if let entries = stateEntries.base {
            let tag: Int
            if MemoryLayout<State>.size == 1 && stateEntries.stateByteIsTag {
                tag = Int(unsafeBitCast(state, to: UInt8.self))
            } else {
                tag = states.tagReader.unsafelyUnwrapped.unprotectedTag(of: state)
            }
            let entry = entries[tag]
            let row = Int(entry.row)
            if entry.definition != Self.conditional {
                return (row, Int(entry.definition))
            }
            return (row, try conditionalDefinition(of: state, row: row))
        }
        let row = states.row(of: state)
        return (row, try definition(of: state, row: row))
    }
}
