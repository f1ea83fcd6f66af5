package dev.rdcp.session;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.PeerText;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ServerGreeting;
import dev.rdcp.transfer.StopRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The client's side of ssh mode: runs {@code ssh HOST rdcp --server} and reads back port and token. */
public final class SshServerProcess implements AutoCloseable {

    private static final long CLOSE_GRACE_SECONDS = 5;

    private final Process process;
    private boolean connected;
    private final int port;
    private final String token;

    private SshServerProcess(Process process, int port, String token) {
        this.process = process;
        this.port = port;
        this.token = token;
    }

    /**
     * @param rsh the remote shell command and its arguments ({@code -e}), e.g. [ssh, -p, 2222]
     * @param remoteArgs arguments after {@code --server}
     */
    public static SshServerProcess start(List<String> rsh, String userAtHost, String rdcpPath, List<String> remoteArgs,
            long timeoutSeconds) throws IOException {
        List<String> command = new ArrayList<>(rsh);
        command.add(userAtHost);
        command.add(rdcpPath);
        command.add("--server");
        command.addAll(remoteArgs);
        Process process;
        try {
            process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            throw new RdcpException(ExitCode.IPC, "cannot run " + rsh.get(0) + ": " + e.getMessage());
        }
        process.getOutputStream().close();
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> firstLine(process.getInputStream()));
        String greeting;
        try {
            greeting = timeoutSeconds == 0 ? line.get() : line.get(timeoutSeconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            process.destroyForcibly();
            throw new RdcpException(ExitCode.TIMEOUT, "the remote rdcp did not answer within " + timeoutSeconds + " s");
        } catch (InterruptedException | ExecutionException e) {
            process.destroyForcibly();
            throw new RdcpException(ExitCode.IPC, "lost the ssh connection to " + userAtHost);
        }
        Optional<ServerGreeting> parsed = ServerGreeting.parse(greeting);
        if (parsed.isEmpty()) {
            int status = waitBriefly(process);
            throw new RemoteShellException("could not start rdcp on " + userAtHost + " over "
                    + rsh.get(0) + (greeting == null ? "" : ": unexpected output '" + PeerText.printable(greeting) + "'")
                    + (status >= 0 ? " (exit status " + status + shellStatusMeaning(status) + ")" : ""), status);
        }
        return new SshServerProcess(process, parsed.get().port(), parsed.get().token());
    }

    /**
     * The remote side's first line, without its newline: at most {@link ServerGreeting#MAX_LINE}
     * bytes and one more, so that endless output is no greeting rather than the client's memory;
     * null if the output ends first.
     */
    private static String firstLine(InputStream output) {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try {
            for (int b = output.read(); b != '\n'; b = output.read()) {
                if (b < 0) {
                    return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
                }
                line.write(b);
                if (line.size() > ServerGreeting.MAX_LINE) {
                    break;
                }
            }
        } catch (IOException e) {
            return null;
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    /** What a remote shell's status says, as rsync names it, where it says more than a number. */
    private static String shellStatusMeaning(int status) {
        return switch (status) {
            case 127 -> ": rdcp not found there; --rdcp-path names it";
            case 126 -> ": rdcp could not be run there";
            case 255 -> ": the remote shell itself failed";
            default -> "";
        };
    }

    private static int waitBriefly(Process process) {
        try {
            if (process.waitFor(5, TimeUnit.SECONDS)) {
                return process.exitValue();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroyForcibly();
        return -1;
    }

    public int port() {
        return port;
    }

    public byte[] token() {
        return token.getBytes(StandardCharsets.US_ASCII);
    }

    /** Waits for the remote rdcp to finish (it exits after its one session). */
    public int waitFor(long timeoutSeconds) throws InterruptedException {
        if (timeoutSeconds == 0) {
            return process.waitFor();
        }
        if (process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            return process.exitValue();
        }
        return -1;
    }

    /** The client reached the remote rdcp: from here it ends on its own, after the session. */
    public void connected() {
        connected = true;
    }

    /**
     * Gives the remote rdcp a moment to end on its own before stopping it: after a failed session
     * it is still reporting (or cleaning up), and a SIGTERM there would print a second, misleading
     * line on the user's terminal. One never reached, or once the user asked this rdcp to stop,
     * is stopped at once.
     */
    @Override
    public void close() {
        try {
            if (connected && !StopRequest.requested() && process.waitFor(CLOSE_GRACE_SECONDS, TimeUnit.SECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroy();
    }
}
