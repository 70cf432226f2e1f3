/// How a definition's transition table stores its cells, chosen once when the definition is
/// built.
///
/// - `dense`: one cell per (state definition, event) and one word per (state, event case), so
///   that a transition finds its handler in one lookup: the flat hot path. Its size is states ×
///   events, whatever the number of handlers.
/// - `sparse`: only the cells that name a handler (``SparseCells``), so that the table grows
///   with the definition: states + handlers. A transition's cell then says "take the step",
///   and the step finds the handler by a binary search among the cells of the state's
///   definition, then runs it as a dense cell's handler runs.
///
/// The table is dense unless that would take more than ``denseFloor`` cells and more than
/// ``denseFactor`` cells per definition and handler: a machine of a few dozen states and
/// events stays dense however few handlers it has, a large one stays dense while its states
/// share their events, and a large one whose states each handle events of their own (10 000
/// states, each with an event of its own: 10⁸ dense cells, 1.2 GB) is sparse.
@_spi(Testing)
public enum TableLayout: Sendable, Equatable {
    case dense
    case sparse

    /// Builds every table in `body` with `layout` instead of the one its size would choose, to
    /// compare the two layouts on the same definitions.
    ///
    /// ```swift
    /// @_spi(Testing) import StateMachine
    /// let sparse = TableLayout.forcing(.sparse) { Matter.definition() }
    /// ```
    public static func forcing<Result>(_ layout: TableLayout, _ body: () throws -> Result) rethrows -> Result {
        try $forced.withValue(layout) { try body() }
    }

    @TaskLocal static var forced: TableLayout?

    /// Dense tables of at most this many cells are always allowed (512 KiB of words).
    static let denseFloor = 1 << 16
    /// Above ``denseFloor``, the most dense cells per state definition and handler.
    static let denseFactor = 16

    /// The layout of a table whose dense form would have `denseCells` cells, for a definition
    /// of `definitions` state definitions and `handlers` handlers.
    static func chosen(denseCells: Int, definitions: Int, handlers: Int) -> TableLayout {
        if let forced { return forced }
        let size = definitions + handlers
        return denseCells <= max(denseFloor, denseFactor * size) ? .dense : .sparse
    }
}

/// What a definition's transition table stores: its layout, and its cells in number and in
/// bytes, for tests that bound the table by the definition's size without measuring memory.
///
/// ```swift
/// @_spi(Testing) import StateMachine
/// let storage = definition.tableStorage
/// // storage.layout == .sparse; storage.cellCount grows as states + handlers
/// ```
@_spi(Testing)
public struct TableStorage: Sendable, Equatable {
    /// The layout the table was built with.
    public let layout: TableLayout
    /// The cells stored: the handler cells of each state definition and event, the transition
    /// cells of each state and event case (both one row in the sparse layout), and the
    /// sparse layout's rows.
    public let cellCount: Int
    /// The bytes of those cells.
    public let bytes: Int
}

extension StateMachineTypes.Definition {

    /// What this definition's transition table stores: see ``TableStorage``.
    @_spi(Testing)
    public var tableStorage: TableStorage { table.storage }
}
