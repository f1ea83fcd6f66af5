package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.session.SessionConfig;
import dev.rdcp.session.TransportChoice;
import dev.rdcp.transfer.SourceOperand;
import dev.rdcp.transfer.TransferListener;
import dev.rdcp.transfer.TransferOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.io.file.PathUtils;

/**
 * The last check of {@code rdcp doctor HOST}: a real copy over RDMA, both ways. A file of random
 * bytes goes to a scratch directory on HOST (over ssh, as {@code rdcp FILE HOST:DIR/} would) and
 * comes back; the two are compared here. The copy code is the one a user runs, so a failure
 * carries the exit code that user would meet.
 */
final class RoundTrip {

    static final int BYTES = 1 << 20;
    private static final String NAME = "rdcp-doctor.bin";

    private final RemoteChecks remote;
    private final RemoteShellOptions remoteShell;
    private final SessionConfig config;

    RoundTrip(RemoteChecks remote, RemoteShellOptions remoteShell, SessionConfig config) {
        this.remote = remote;
        this.remoteShell = remoteShell;
        this.config = new SessionConfig(config.rdma(), config.timeoutSeconds(), TransportChoice.RDMA);
    }

    Finding run(String userAtHost) throws IOException, InterruptedException {
        String subject = "RDMA round trip with " + userAtHost;
        RemoteChecks.Outcome scratch = remote.remote("mktemp -d");
        String directory = scratch.lastLine();
        if (scratch.status() != 0 || !directory.startsWith("/") || directory.contains("'")) {
            return Finding.fail(ExitCode.IPC, subject, "cannot make a scratch directory there: " + directory,
                    "run 'ssh " + userAtHost + " mktemp -d' and fix what it says");
        }
        Path local = Files.createTempDirectory("rdcp-doctor");
        try {
            byte[] sent = new byte[BYTES];
            new SplittableRandom().nextBytes(sent);
            Files.write(local.resolve(NAME), sent);
            Path back = local.resolve("back");
            Files.createDirectory(back);
            long start = System.nanoTime();
            FirstFailure failure = new FirstFailure();
            Location there = Location.parse(userAtHost + ":" + directory + "/", Location.defaultPort());
            TransferOptions options = TransferOptions.of(TransferOptions.DEFAULT_CHUNK, 0);
            RemoteSession session = new RemoteSession(config, null, remoteShell.shell(), remoteShell.rdcpPath,
                    Connector.standard());
            session.run(there, s -> s.push(List.of(SourceOperand.parse(local.resolve(NAME).toString())),
                    directory + "/", true, options, failure));
            if (failure.code == ExitCode.OK.code()) {
                session.run(there, s -> s.pull(List.of(directory + "/" + NAME), back, true, options, failure));
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            if (failure.code != ExitCode.OK.code()) {
                return Finding.fail(ExitCode.ofCode(failure.code), subject, failure.message,
                        "run 'rdcp -v --transport rdma FILE " + userAtHost + ":/tmp/' and fix what it says");
            }
            Path received = back.resolve(NAME);
            if (!Files.isRegularFile(received) || !Arrays.equals(sent, Files.readAllBytes(received))) {
                return Finding.fail(ExitCode.DATA_STREAM, subject, "the file that came back differs from the one sent",
                        "report this: the copy said it succeeded");
            }
            return Finding.ok(subject, "1 MiB there and back over RDMA, identical (" + millis + " ms)");
        } catch (RdcpException e) {
            return Finding.fail(e.exitCode(), subject, e.getMessage(),
                    "run 'rdcp -vv --transport rdma FILE " + userAtHost + ":/tmp/' to see where it stops");
        } finally {
            PathUtils.deleteDirectory(local);
            remote.remote("rm -rf -- '" + directory + "'");
        }
    }

    /** The copy's first failed file, if any: a round trip of one file has at most that. */
    private static final class FirstFailure implements TransferListener {
        int code = ExitCode.OK.code();
        String message = "";

        @Override
        public void fileFailed(int exitCode, String text) {
            if (exitCode != ExitCode.OK.code() && code == ExitCode.OK.code()) {
                code = exitCode;
                message = text;
            }
        }
    }
}
