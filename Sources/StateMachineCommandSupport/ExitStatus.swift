import ArgumentParser

/// The exit statuses of every `statemachine` subcommand and of `statemachine-migrate`, told once: in `statemachine --help` and in
/// the command-line guide, `Docs/CommandLine.md` (`scripts/test-cli` checks that both say the same).
public enum ExitStatus {

    /// Done: nothing failed and nothing is left to do.
    public static let success = ExitCode(0)

    /// Done, with problems reported: a failed scenario, a file that could not be read or is
    /// malformed (the other files are still read), nothing to do, a construct to change by hand.
    public static let problems = ExitCode(1)

    /// Nothing was written: `migrate` found a file it cannot migrate (it writes every file or
    /// none), or a write failed; `port` could not port its input.
    public static let nothingWritten = ExitCode(2)

    /// A usage error: an unknown option, a bad value, a path that does not exist or a folder that
    /// cannot be listed (ArgumentParser's `ExitCode.validationFailure`, `EX_USAGE`).
    public static let usage = ExitCode.validationFailure

    /// A program the command runs is missing (`EX_UNAVAILABLE`): Graphviz's `dot`.
    public static let missingProgram = ExitCode(69)

    /// What a subcommand's help says of its exit status.
    public static let reference = "Exit status: 0, 1, 2, 64 or 69, as the table of `statemachine --help` tells."

    /// The table, as `statemachine --help` prints it.
    public static let table = """
        Exit status, the same for every subcommand:
          0   done: every scenario passed, every file was traced or drawn, every
              file migrated (or had nothing to migrate) with nothing to change by
              hand, the port is complete
          1   done, with problems reported: a scenario failed; a file could not be
              read, is malformed, too large or nested too deep (check, trace and
              graph go on with the other files); there was nothing to do (no
              fixture or Swift file in the folders given); a construct needs a
              hand edit (migrate, port); with migrate --dry-run, a file would change
          2   nothing was written: migrate found a file it cannot read or migrate
              (it writes every file or none) or could not write one (it names the
              files it wrote); port could not port its input (port also says
              usage and path errors with 2)
          64  usage error: an unknown option or a bad value, a path that does not
              exist or is a link loop, a folder that cannot be listed
          69  a program the command runs is missing: Graphviz's dot, for graph
              --format svg or png
        """
}

/// Ends a command for a path that cannot be used: `Error: <message>` on standard error, without
/// the usage text (the path, not the command line, is wrong), and ``ExitStatus/usage``.
public func pathError(_ message: String) -> ExitCode {
    var standardError = StandardError()
    print("Error: \(message)", to: &standardError)
    return ExitStatus.usage
}
