package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.ErrorMessage;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.PeerAbortException;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transport.LoopbackTransport;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A role that fails tells its peer why (ABORT): the peer ends with the same exit code and the
 * reason marked with the failed side's role, not with a lost connection.
 */
class SessionAbortTest {

    @TempDir
    Path tmp;

    private static TransferOptions dirMerge(long flags) {
        return new TransferOptions(4096, 4, flags, 0, FilterRules.parse(List.of(": .rsync-filter")));
    }

    private Path tree(String name) throws IOException {
        Path root = Files.createDirectories(tmp.resolve(name).resolve("d"));
        Files.writeString(root.resolve("f"), "data");
        return root.getParent();
    }

    /** The sender finds a malformed per-directory filter file while it lists: the receiver hears why. */
    @Test
    void aSenderThatFailsWhileListingTellsTheReceiver() throws Exception {
        Path source = tree("src");
        Files.writeString(source.resolve("d/.rsync-filter"), "- ok\nbogus rule\n");
        Path target = Files.createDirectories(tmp.resolve("dst"));

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source + "/")), target, true,
                dirMerge(SessionRequest.RECURSIVE));

        RdcpException own = assertInstanceOf(RdcpException.class, outcome.senderError());
        assertFalse(own instanceof PeerAbortException, own::toString);
        assertEquals(ExitCode.USAGE, own.exitCode());
        PeerAbortException heard = assertInstanceOf(PeerAbortException.class, outcome.receiverError());
        assertEquals(ExitCode.USAGE, heard.exitCode());
        assertEquals("[sender] " + own.getMessage(), heard.getMessage());
        assertEquals("[sender] malformed filter rule in d/.rsync-filter line 2", heard.getMessage());
    }

    /** The receiver refuses a malformed message from the sender: the sender hears why. */
    @Test
    void aReceiverThatRefusesAMessageTellsTheSender() throws Exception {
        Path source = tree("src");
        Path target = Files.createDirectories(tmp.resolve("dst"));

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source + "/")), target, true,
                dirMerge(SessionRequest.RECURSIVE), 5, (sender, receiver) -> sender.malformMessage(1));

        ProtocolException own = assertInstanceOf(ProtocolException.class, outcome.receiverError());
        PeerAbortException heard = assertInstanceOf(PeerAbortException.class, outcome.senderError());
        assertEquals(ExitCode.DATA_STREAM, heard.exitCode());
        assertEquals("[receiver] protocol error: " + own.getMessage(), heard.getMessage());
        assertEquals("[receiver] protocol error: ENTRIES header's reserved byte is not zero", heard.getMessage());
    }

    /**
     * The receiver meets a malformed per-directory filter file where it deletes: the session ends
     * with exit code 1, as rsync's generator ends its run, and the sender hears why.
     */
    @Test
    void aReceiverThatMeetsAMalformedFilterFileTellsTheSender() throws Exception {
        Path source = tree("src");
        Path target = tree("dst");
        Files.writeString(target.resolve("d/old"), "not in the source");
        Files.writeString(target.resolve("d/.rsync-filter"), "bogus rule\n");

        LoopbackCopy.Outcome outcome = LoopbackCopy.run(List.of(SourceOperand.parse(source + "/")), target, true,
                dirMerge(SessionRequest.RECURSIVE | SessionRequest.DELETE));

        RdcpException own = assertInstanceOf(RdcpException.class, outcome.receiverError());
        assertEquals(ExitCode.USAGE, own.exitCode());
        assertEquals("malformed filter rule in d/.rsync-filter line 1", own.getMessage());
        PeerAbortException heard = assertInstanceOf(PeerAbortException.class, outcome.senderError());
        assertEquals(ExitCode.USAGE, heard.exitCode());
        assertEquals("[receiver] " + own.getMessage(), heard.getMessage());
        assertTrue(Files.exists(target.resolve("d/old")), "nothing deleted by rules it could not read");
    }

    /** A receiver refusing a peer's message (a name that climbs out) says so before it leaves. */
    @ParameterizedTest
    @EnumSource(value = HostilePeer.Wire.class, names = {"LOOPBACK", "TCP"})
    void aProtocolErrorIsToldToThePeer(HostilePeer.Wire wire) throws Exception {
        assertProtocolErrorIsTold(Files.createDirectory(tmp.resolve("root")), wire);
    }

    /** Also run over RDMA, in the guest ({@link HostilePeerVmTest}). */
    static void assertProtocolErrorIsTold(Path root, HostilePeer.Wire wire) throws Exception {
        try (HostilePeer peer = HostilePeer.start(wire, root, TransferOptions.of(4096, SessionRequest.RECURSIVE))) {
            HostilePeer.ReceiverGone gone = assertThrows(HostilePeer.ReceiverGone.class,
                    () -> peer.entries(HostilePeer.Entries.dir(0, "."), HostilePeer.Entries.file(1, "../escape", 5)));
            ProtocolException refused = assertInstanceOf(ProtocolException.class, gone.getCause());
            assertEquals(new ErrorMessage(ExitCode.DATA_STREAM.code(), "protocol error: " + refused.getMessage()),
                    peer.abortHeard(), wire::toString);
        }
    }

    /** rdcp's own diagnosis travels as it is; a protocol error with its cause. */
    @Test
    void diagnosedFailuresTravelWithTheirText() {
        assertEquals(new ErrorMessage(30, "no word from the peer for 30 s (--timeout)"),
                SessionAbort.messageFor(new RdcpException(ExitCode.TIMEOUT, "no word from the peer for 30 s (--timeout)")));
        assertEquals(new ErrorMessage(12, "protocol error: MR for slot 9 is out of range"),
                SessionAbort.messageFor(new ProtocolException("MR for slot 9 is out of range")));
    }

    /** Of any other failure only its kind: its text may hold this host's paths. */
    @Test
    void otherFailuresTravelWithoutTheirText() {
        ErrorMessage denied = SessionAbort.messageFor(
                new AccessDeniedException("/srv/secret/place/file", null, "Permission denied"));
        assertEquals(new ErrorMessage(11, "an I/O error ended the session: Permission denied"), denied);
        ErrorMessage other = SessionAbort.messageFor(new IOException("/srv/secret/place: broken"));
        assertEquals(11, other.code());
        assertFalse(other.message().contains("/srv"), other.message());
        ErrorMessage bug = SessionAbort.messageFor(new IllegalStateException("/srv/secret state"));
        assertEquals(ExitCode.INTERNAL.code(), bug.code());
        assertFalse(bug.message().contains("/srv"), bug.message());
    }

    /**
     * Over RDMA a peer that aborted and left makes this side's next SEND fail in the adapter
     * (transport retry counter exceeded), an error rdcp did not diagnose: the ABORT that came
     * first is what the session ends with.
     */
    @Test
    void anUndiagnosedFailureAfterThePeersAbortEndsWithTheAbort() throws Exception {
        LoopbackTransport[] ends = LoopbackTransport.pair(5);
        new ErrorMessage(ExitCode.USAGE.code(), "malformed filter rule in d/.rsync-filter line 1")
                .encode(ends[1].startMessage(ControlType.ABORT));
        ends[1].send();
        ends[1].disconnect();

        PeerAbortException heard = assertThrows(PeerAbortException.class, () -> SessionAbort.runTellingPeer(ends[0],
                "receiver", () -> {
                    throw new IOException("RDMA SEND failed: transport retry counter exceeded");
                }));
        assertEquals(ExitCode.USAGE, heard.exitCode());
        assertEquals("[receiver] malformed filter rule in d/.rsync-filter line 1", heard.getMessage());
    }

    /** This side's own diagnosis is its own, whatever the peer sent meanwhile. */
    @Test
    void aDiagnosedFailureIsReportedAsItselfEvenWithThePeersAbortWaiting() throws Exception {
        LoopbackTransport[] ends = LoopbackTransport.pair(5);
        new ErrorMessage(ExitCode.USAGE.code(), "the peer's reason").encode(ends[1].startMessage(ControlType.ABORT));
        ends[1].send();
        ends[1].disconnect();

        RdcpException own = assertThrows(RdcpException.class, () -> SessionAbort.runTellingPeer(ends[0], "receiver",
                () -> {
                    throw new RdcpException(ExitCode.FILE_SELECTION, "this side's reason");
                }));
        assertFalse(own instanceof PeerAbortException, own::toString);
        assertEquals("this side's reason", own.getMessage());
    }

    /** Nothing is said to a peer that is gone, nor back to one that aborted. */
    @Test
    void aLostConnectionOrThePeersOwnAbortIsNotAnswered() {
        assertNull(SessionAbort.messageFor(new RdcpException(ExitCode.SOCKET_IO, "the TCP connection broke")));
        assertNull(SessionAbort.messageFor(new PeerAbortException(ExitCode.USAGE, "[sender] bad rule")));
    }
}
