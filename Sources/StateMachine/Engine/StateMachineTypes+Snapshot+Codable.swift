/// The encoding of a snapshot, stable across versions (rule R17):
///
/// ```json
/// {"state": S, "history": [{"superstate": "working", "state": S}, {"state": S}],
///  "nestedHistory": [{"level": ["functioning"], "superstate": "operational", "state": S}]}
/// ```
///
/// where `S` is `State`'s own encoding. An entry without `superstate` is the history of the
/// child machine held by its state's case. `history` is always written, empty when there is
/// none, and may be left out when decoding. `nestedHistory` is written only when there is
/// some (so a snapshot without it reads as before) and may be left out when decoding.
extension StateMachineTypes.Snapshot: Codable where State: Codable {

    private enum CodingKeys: String, CodingKey { case state, history, nestedHistory }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            state: try container.decode(State.self, forKey: .state),
            history: try container.decodeIfPresent([HistoryEntry].self, forKey: .history) ?? [],
            nestedHistory: try container.decodeIfPresent([NestedHistoryEntry].self, forKey: .nestedHistory) ?? []
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(history, forKey: .history)
        if !nestedHistory.isEmpty { try container.encode(nestedHistory, forKey: .nestedHistory) }
    }
}

extension StateMachineTypes.Snapshot.HistoryEntry: Codable where State: Codable {

    private enum CodingKeys: String, CodingKey { case superstate, state }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            superstate: try container.decodeIfPresent(String.self, forKey: .superstate),
            state: try container.decode(State.self, forKey: .state)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(superstate, forKey: .superstate)
        try container.encode(state, forKey: .state)
    }
}

extension StateMachineTypes.Snapshot.NestedHistoryEntry: Codable where State: Codable {

    private enum CodingKeys: String, CodingKey { case level, superstate, state }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            level: try container.decode([String].self, forKey: .level),
            superstate: try container.decodeIfPresent(String.self, forKey: .superstate),
            state: try container.decode(State.self, forKey: .state)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(level, forKey: .level)
        try container.encodeIfPresent(superstate, forKey: .superstate)
        try container.encode(state, forKey: .state)
    }
}
