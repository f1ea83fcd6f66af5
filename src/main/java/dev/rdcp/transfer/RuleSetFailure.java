package dev.rdcp.transfer;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.UncheckedIOException;

/**
 * The filter rules cannot be applied: a malformed per-directory merge file, too many rules held,
 * a rule set that overdraws its match budget. Thrown unchecked, so that no handler of one
 * entry's failure takes it for that entry's: it ends the session with exit code 1 on either
 * side (the peer hears it as an ABORT), as rsync's filter errors end its run.
 */
final class RuleSetFailure {

    private RuleSetFailure() {
    }

    static UncheckedIOException endingSession(RuntimeException cause) {
        return new UncheckedIOException(new RdcpException(ExitCode.USAGE, cause.getMessage()));
    }
}
