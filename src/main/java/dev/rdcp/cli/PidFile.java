package dev.rdcp.cli;

import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * rsyncd.conf's {@code pid file}: the daemon's process id, one line, written once it listens and
 * removed when it stops. As rsync's, the daemon holds a lock on the file while it runs, so that
 * a second daemon given the same file stops instead of taking it over (and the first, stopping,
 * removing the second's). A file that cannot be written or locked stops the daemon (exit code 11).
 */
final class PidFile implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(PidFile.class);
    /** The bytes rsync locks: another rsync or rdcp daemon locks the same. */
    private static final int LOCKED_BYTES = 4;

    private final Path path;
    private final FileChannel channel;
    private boolean closed;

    private PidFile(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    /** Locks {@code path} (a symlink there is not followed) and writes this process's id to it, or says why it cannot. */
    static PidFile write(Path path) throws RdcpException {
        boolean existed = Files.exists(path, LinkOption.NOFOLLOW_LINKS);
        FileChannel channel;
        try {
            channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw failed(existed ? "open" : "create", path, PathErrors.reason(e));
        }
        try {
            FileLock lock = channel.tryLock(0, LOCKED_BYTES, false);
            if (lock == null) {
                // rsync's line: its strerror for the lock another process holds.
                throw failed("lock", path, "Resource temporarily unavailable");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
            return new PidFile(path, channel);
        } catch (IOException e) {
            try {
                channel.close();
            } catch (IOException closing) {
                e.addSuppressed(closing);
            }
            throw e instanceof RdcpException refused ? refused : failed("write", path, PathErrors.reason(e));
        }
    }

    private static RdcpException failed(String what, Path path, String reason) {
        return new RdcpException(ExitCode.FILE_IO, "failed to " + what + " pid file " + path + ": " + reason);
    }

    /**
     * Removes the file while still holding its lock, so never another daemon's; then lets the
     * lock go. A daemon no longer root may not be allowed to remove it, which is logged.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            LOG.warn("cannot remove the pid file {}: {}", path, PathErrors.reason(e));
        } finally {
            try {
                channel.close();
            } catch (IOException e) {
                LOG.warn("cannot close the pid file {}: {}", path, PathErrors.reason(e));
            }
        }
    }
}
