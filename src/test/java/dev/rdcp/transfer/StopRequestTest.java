package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A stop requested mid-transfer (a signal) ends both roles as a failure would: nothing half-written stays. */
class StopRequestTest {

    private static final int CHUNK = 64 << 10;

    @TempDir
    Path dir;

    @AfterEach
    void noStopForTheNextTest() {
        StopRequest.clear();
    }

    private static List<String> leftovers(Path root) throws Exception {
        try (Stream<Path> files = Files.walk(root)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.contains(".rdcp-")).toList();
        }
    }

    /**
     * A copy of one file in which {@code stop} runs after the sender's third write: it must end
     * the sender with {@code exitCode} and {@code message}, and leave nothing of the file behind.
     */
    private void assertStopMidFile(Runnable stop, ExitCode exitCode, String message) throws Exception {
        byte[] data = new byte[40 * CHUNK];
        new Random(20).nextBytes(data);
        Path source = Files.write(Files.createDirectories(dir.resolve("src")).resolve("big.bin"), data);
        Path target = Files.createDirectories(dir.resolve("dst")).resolve("big.bin");

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target,
                false, TransferOptions.of(CHUNK, 0), 5, (sender, receiver) -> sender.afterWrite(3, stop));

        RdcpException stopped = assertInstanceOf(RdcpException.class, outcome.senderError());
        assertEquals(exitCode, stopped.exitCode());
        assertEquals(message, stopped.getMessage());
        assertFalse(Files.exists(target), "no file under the final name");
        assertEquals(List.of(), leftovers(target.getParent()));
    }

    @Test
    void aStopMidFileEndsTheSessionWithCode20AndRemovesTheTemporaryFile() throws Exception {
        assertStopMidFile(() -> StopRequest.request("TERM"), ExitCode.SIGNAL,
                "received SIGTERM: the transfer was stopped");
    }

    /** The run-time limit (--stop-after, --stop-at) stops as a signal does, with rsync's message and 30. */
    @Test
    void aStopAtTheLimitEndsTheSessionWithCode30AndRemovesTheTemporaryFile() throws Exception {
        assertStopMidFile(StopRequest::requestAtLimit, ExitCode.TIMEOUT, "stopping at requested limit");
    }

    /** A peer's own timeout after the limit was reached is the limit's echo: the limit is reported. */
    @Test
    void aTimeoutAfterTheLimitIsReportedAsTheLimit() {
        StopRequest.requestAtLimit();
        IOException echo = StopRequest.afterStop(new RdcpException(ExitCode.TIMEOUT, "no answer from the peer"));
        assertEquals("stopping at requested limit", echo.getMessage());
        RdcpException itself = new RdcpException(ExitCode.TIMEOUT, "stopping at requested limit");
        assertSame(itself, StopRequest.afterStop(itself));
    }

    /** The first request's reason is the one reported. */
    @Test
    void aSignalAfterTheLimitLeavesTheLimitsReason() {
        StopRequest.requestAtLimit();
        StopRequest.request("TERM");
        UncheckedIOException thrown = assertThrows(UncheckedIOException.class, StopRequest.checking(() -> { })::beat);
        assertEquals(ExitCode.TIMEOUT, assertInstanceOf(RdcpException.class, thrown.getCause()).exitCode());
    }

    /**
     * A stop that reaches both ends at once (a hangup, a shutdown): here the receiver sees it and
     * leaves before the sender's next send, which finds the connection lost. The sender still ends
     * with the stop, not with its echo.
     */
    @Test
    void aStopTheReceiverLeftOnFirstStillEndsTheSenderWithCode20() throws Exception {
        byte[] data = new byte[40 * CHUNK];
        new Random(21).nextBytes(data);
        Path source = Files.write(Files.createDirectories(dir.resolve("src")).resolve("big.bin"), data);
        Path target = Files.createDirectories(dir.resolve("dst")).resolve("big.bin");

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target,
                false, TransferOptions.of(CHUNK, 0), 5, (sender, receiver) -> sender.afterWrite(3, () -> {
                    StopRequest.request("TERM");
                    try {
                        sender.awaitClose();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }));

        RdcpException stopped = assertInstanceOf(RdcpException.class, outcome.senderError());
        assertEquals(ExitCode.SIGNAL, stopped.exitCode(), stopped::toString);
        assertEquals("received SIGTERM: the transfer was stopped", stopped.getMessage());
        assertEquals(ExitCode.SIGNAL, assertInstanceOf(RdcpException.class, outcome.receiverError()).exitCode());
        assertFalse(Files.exists(target), "no file under the final name");
        assertEquals(List.of(), leftovers(target.getParent()));
    }

    /**
     * Both ends fail at once (a shutdown reaches both): each sends its ABORT and must not then
     * wait for a peer that, having failed too, is waiting for it in turn.
     */
    @Test
    void twoEndsStoppedAtOnceDoNotWaitForEachOther() throws Exception {
        byte[] data = new byte[40 * CHUNK];
        new Random(22).nextBytes(data);
        Path source = Files.write(Files.createDirectories(dir.resolve("src")).resolve("big.bin"), data);
        Path target = Files.createDirectories(dir.resolve("dst")).resolve("big.bin");
        long[] stoppedAt = new long[1];

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source.toString())), target,
                false, TransferOptions.of(CHUNK, 0), 5, (sender, receiver) -> sender.afterWrite(3, () -> {
                    stoppedAt[0] = System.nanoTime();
                    StopRequest.request("TERM");
                }));
        long tookMillis = (System.nanoTime() - stoppedAt[0]) / 1_000_000L;

        assertEquals(ExitCode.SIGNAL, assertInstanceOf(RdcpException.class, outcome.senderError()).exitCode());
        assertEquals(ExitCode.SIGNAL, assertInstanceOf(RdcpException.class, outcome.receiverError()).exitCode());
        assertTrue(tookMillis < SessionAbort.WAIT_MILLIS, "both ends waited out the wait for a close: " + tookMillis
                + " ms");
    }

    /** Long local work (hashing, deleting) beats as it goes; once a stop is requested, the beat throws it. */
    @Test
    void theHeartbeatOfLongLocalWorkThrowsTheStop() {
        int[] beats = new int[1];
        Heartbeat beat = StopRequest.checking(() -> beats[0]++);
        beat.beat();
        assertEquals(1, beats[0]);
        StopRequest.request("INT");
        UncheckedIOException thrown = assertThrows(UncheckedIOException.class, beat::beat);
        assertEquals(ExitCode.SIGNAL, assertInstanceOf(RdcpException.class, thrown.getCause()).exitCode());
        assertEquals(1, beats[0], "no beat once stopped");
    }

    @Test
    void aHoldCountsUntilItIsClosedAndOnlyOnce() {
        int before = StopRequest.heldCount();
        StopRequest.Hold first = StopRequest.hold();
        StopRequest.Hold second = StopRequest.hold();
        first.close();
        first.close();
        assertEquals(before + 1, StopRequest.heldCount(), "the second session still holds");
        assertTrue(StopRequest.sessionsHeld());
        second.close();
        assertEquals(before, StopRequest.heldCount());
    }
}
