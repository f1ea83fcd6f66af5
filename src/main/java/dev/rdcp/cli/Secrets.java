package dev.rdcp.cli;

import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a shared secret: the first line of the file, without surrounding white space. */
final class Secrets {

    /** Group and others: any of their bits on a secrets file means someone else may read or replace it. */
    private static final int GROUP_OR_OTHERS = 077;

    private Secrets() {
    }

    /**
     * The daemon's secret, as rsync's "strict modes" take it: the file must not be accessible to
     * group or others, and a daemon running as root takes it only from a root-owned file (another
     * owner could change it). {@code strictModes} false skips both checks.
     */
    static byte[] readForDaemon(Path file, boolean strictModes) throws IOException {
        if (strictModes) {
            int mode;
            int owner;
            int self;
            try {
                mode = (Integer) Files.getAttribute(file, "unix:mode");
                owner = (Integer) Files.getAttribute(file, "unix:uid");
                self = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            } catch (IOException e) {
                throw new RdcpException(ExitCode.FILE_SELECTION, "cannot read the secret file " + file + ": "
                        + PathErrors.reason(e));
            }
            if ((mode & GROUP_OR_OTHERS) != 0) {
                throw new RdcpException(ExitCode.FILE_SELECTION, String.format("the secret file %s must not be "
                        + "accessible to group or others (mode %04o): chmod go= it, or pass --no-strict-modes", file,
                        mode & 07777));
            }
            if (self == 0 && owner != 0) {
                throw new RdcpException(ExitCode.FILE_SELECTION, "the secret file " + file + " must be owned by root "
                        + "when the daemon runs as root (its owner is uid " + owner + "), or pass --no-strict-modes");
            }
        }
        return read(file);
    }

    static byte[] read(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RdcpException(ExitCode.FILE_SELECTION,
                    "cannot read the secret file " + file + ": " + PathErrors.reason(e));
        }
        String secret = text.lines().findFirst().orElse("").strip();
        if (secret.isEmpty()) {
            throw new RdcpException(ExitCode.USAGE, "the secret file " + file + " is empty");
        }
        return secret.getBytes(StandardCharsets.UTF_8);
    }
}
