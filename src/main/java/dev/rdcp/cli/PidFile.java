package dev.rdcp.cli;

import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * rsyncd.conf's {@code pid file}: the daemon's process id, one line, written once it listens and
 * removed when it stops. A file that cannot be written stops the daemon, as rsync's does.
 */
final class PidFile implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(PidFile.class);

    private final Path path;

    private PidFile(Path path) {
        this.path = path;
    }

    /** Writes this process's id to {@code path} (a symlink there is not followed), or says why it cannot (exit code 11). */
    static PidFile write(Path path) throws RdcpException {
        try {
            Files.write(path, (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII),
                    StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new RdcpException(ExitCode.FILE_IO, "cannot write the pid file " + path + ": " + PathErrors.reason(e));
        }
        return new PidFile(path);
    }

    /** Removes the file; a daemon no longer root may not be allowed to, which is logged. */
    @Override
    public void close() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            LOG.warn("cannot remove the pid file {}: {}", path, PathErrors.reason(e));
        }
    }
}
