package dev.rdcp.transfer;

import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;

/**
 * rsync's failure for a directory with contents that stays where the sender has something else:
 * "could not make way for new regular file: NAME" (23), a whole line, not a reason after the name.
 */
final class CannotMakeWay extends RdcpException {

    private static final long serialVersionUID = 1L;

    /** @param what what the sender has there, in rsync's words: "regular file", "symlink", ... */
    CannotMakeWay(String what, byte[] name) {
        super(ExitCode.PARTIAL, "could not make way for new " + what + ": " + FileNames.display(name));
    }

    /** The line a failure of {@code name} is reported with: this one's own, any other's after the name. */
    static String line(String name, IOException failure) {
        return failure instanceof CannotMakeWay ? failure.getMessage() : name + ": " + PathErrors.reason(failure);
    }
}
