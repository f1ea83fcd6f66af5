package dev.rdcp.cli;

import dev.rdcp.posix.Errno;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.IncompatiblePeerException;
import dev.rdcp.protocol.PeerText;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.session.RemoteShellException;
import dev.rdcp.verbs.RdmaUnavailableException;
import dev.rdcp.verbs.VerbsException;
import java.io.IOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.file.NoSuchFileException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import picocli.CommandLine;

/**
 * Turns any exception escaping a command into one line on the command's error stream and an
 * exit code; the stack trace goes to the log at debug level only.
 */
final class ErrorReporter implements CommandLine.IExecutionExceptionHandler, CommandLine.IExitCodeExceptionMapper {

    private static final Logger LOG = LogManager.getLogger(ErrorReporter.class);

    @Override
    public int handleExecutionException(Exception e, CommandLine commandLine, CommandLine.ParseResult parseResult) {
        LOG.debug("command failed", PeerText.printable(e));
        commandLine.getErr().println("rdcp: " + describe(e));
        commandLine.getErr().flush();
        return getExitCode(e);
    }

    @Override
    public int getExitCode(Throwable e) {
        if (e instanceof RemoteShellException shell) {
            return shell.clientExitStatus();
        }
        return exitCodeOf(e).code();
    }

    static ExitCode exitCodeOf(Throwable e) {
        if (e instanceof RdcpException r) {
            return r.exitCode();
        }
        if (e instanceof RdmaUnavailableException) {
            return ExitCode.RDMA_UNAVAILABLE;
        }
        if (e instanceof VerbsException v) {
            return v.errno() == Errno.ENOMEM ? ExitCode.MEMORY : ExitCode.DATA_STREAM;
        }
        if (e instanceof IncompatiblePeerException) {
            return ExitCode.PROTOCOL;
        }
        if (e instanceof ProtocolException) {
            return ExitCode.DATA_STREAM;
        }
        if (e instanceof SocketTimeoutException) {
            return ExitCode.TIMEOUT;
        }
        if (e instanceof SocketException) {
            return ExitCode.SOCKET_IO;
        }
        if (e instanceof NoSuchFileException) {
            return ExitCode.FILE_SELECTION;
        }
        if (e instanceof IOException) {
            return ExitCode.FILE_IO;
        }
        return ExitCode.INTERNAL;
    }

    /** One line for the terminal; whatever a peer put in the message is escaped. */
    static String describe(Throwable e) {
        return PeerText.printable(firstLine(e));
    }

    private static String firstLine(Throwable e) {
        String message = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName()
                : e.getMessage();
        if (e instanceof NoSuchFileException) {
            return "no such file or directory: " + message;
        }
        if (e instanceof SocketException) {
            return "connection to the peer lost: " + message;
        }
        if (e instanceof VerbsException v && v.errno() == Errno.ENOMEM) {
            return message + " (pinned memory is limited by 'ulimit -l'; raise it, e.g. in "
                    + "/etc/security/limits.conf: '* - memlock unlimited')";
        }
        return message.lines().findFirst().orElse(message);
    }
}
