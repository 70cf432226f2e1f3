/// The encoding of a snapshot, stable across versions (rule R17):
///
/// ```json
/// {"state": S, "history": [{"superstate": "working", "state": S}, {"state": S}]}
/// ```
///
/// where `S` is `State`'s own encoding. An entry without `superstate` is the history of the
/// child machine held by its state's case. `history` is always written, empty when there is
/// none, and may be left out when decoding.
extension StateMachineTypes.Snapshot: Codable where State: Codable {

    private enum CodingKeys: String, CodingKey { case state, history }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            state: try container.decode(State.self, forKey: .state),
            history: try container.decodeIfPresent([HistoryEntry].self, forKey: .history) ?? []
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(history, forKey: .history)
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
