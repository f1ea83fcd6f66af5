package dev.rdcp.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.TcpFrame;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The TCP transport's frames, read from a raw peer socket: what arrives where, and what is refused. */
class TcpTransportTest {

    private static final int RECEIVE_BUFFERS = 4;

    private ServerSocketChannel listener;
    private SocketChannel far;
    private TcpTransport near;
    private final List<String> messages = new ArrayList<>();

    @BeforeEach
    void connect() throws IOException {
        listener = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        far = SocketChannel.open(listener.getLocalAddress());
        BootstrapChannel channel = new BootstrapChannel(listener.accept().socket(), Duration.ofSeconds(5));
        near = TcpTransport.open(channel, RECEIVE_BUFFERS, 5);
    }

    @AfterEach
    void close() throws IOException {
        near.close();
        far.close();
        listener.close();
    }

    private void send(ByteBuffer frame) throws IOException {
        frame.flip();
        while (frame.hasRemaining()) {
            far.write(frame);
        }
    }

    private static ByteBuffer message(ControlType type, byte... payload) {
        return ByteBuffer.allocate(5 + payload.length).put(TcpFrame.MESSAGE).put((byte) type.code()).put((byte) 0)
                .putShort((short) payload.length).put(payload);
    }

    private int pollAll() throws IOException {
        int handled = 0;
        for (int i = 0; i < 50 && handled == 0; i++) {
            handled = near.poll((type, payload) -> messages.add(type + ":" + payload.remaining()), 100);
        }
        return handled;
    }

    @Test
    void aWriteLandsInTheRegionAndTheMessageAfterItArrives() throws IOException {
        Region region = near.allocate(64, true);
        ByteBuffer staging = region.buffer();
        send(ByteBuffer.allocate(17 + 3).put(TcpFrame.WRITE).putInt(3).putInt(region.key()).putLong(10)
                .put(new byte[] {7, 8, 9}));
        send(message(ControlType.CHUNKS, (byte) 1, (byte) 2));
        assertEquals(1, pollAll());
        assertEquals(List.of("CHUNKS:2"), messages);
        byte[] landed = new byte[3];
        staging.get(10, landed);
        assertArrayEquals(new byte[] {7, 8, 9}, landed);
    }

    /**
     * A daemon's sessions must not leave their megabytes to a collection that may be hundreds of
     * sessions away: closing frees them, while the regions are still reachable.
     */
    @Test
    void closingFreesTheRegionsOnceTheReaderHasEnded() throws IOException {
        Region staging = near.allocate(4 << 20, true);
        Region source = near.allocate(4 << 20, false);
        staging.buffer().put(0, (byte) 1);
        source.buffer().put(0, (byte) 1);
        long before = DirectPool.bytesInUse();
        near.close();
        assertTrue(DirectPool.bytesInUse() <= before - (8 << 20), "both regions' memory given back");
    }

    @Test
    void aMessageBeforeTheCloseIsDeliveredThenThePeerIsGone() throws IOException {
        send(message(ControlType.BYE));
        far.shutdownOutput();
        assertEquals(1, pollAll());
        near.awaitClose();
        assertEquals(PeerState.CLOSED, near.peerState());
    }

    @Test
    void aWriteOutsideTheStagingIsAProtocolError() throws IOException {
        Region region = near.allocate(64, true);
        send(ByteBuffer.allocate(17 + 8).put(TcpFrame.WRITE).putInt(8).putInt(region.key()).putLong(60)
                .put(new byte[8]));
        assertThrows(ProtocolException.class, this::pollAll);
    }

    /** An address near 2^63 wrapped the bounds check's sum, and the reader died of the position. */
    @Test
    void aWriteAtAnAddressThatWouldWrapIsAProtocolError() throws IOException {
        Region region = near.allocate(64, true);
        send(ByteBuffer.allocate(17 + 1).put(TcpFrame.WRITE).putInt(1).putInt(region.key())
                .putLong(Long.MAX_VALUE).put((byte) 1));
        ProtocolException e = assertThrows(ProtocolException.class, this::pollAll);
        assertTrue(e.getMessage().contains("outside the staging buffers"), e.getMessage());
    }

    @Test
    void aWriteToAnUnregisteredKeyIsAProtocolError() throws IOException {
        send(ByteBuffer.allocate(17 + 1).put(TcpFrame.WRITE).putInt(1).putInt(5).putLong(0).put((byte) 1));
        assertThrows(ProtocolException.class, this::pollAll);
    }

    @Test
    void anUnknownFrameKindIsAProtocolError() throws IOException {
        send(ByteBuffer.allocate(5).put((byte) 'X').position(5));
        assertThrows(ProtocolException.class, this::pollAll);
    }

    @Test
    void moreMessagesThanThePeerMayHaveOutstandingAreAProtocolError() throws Exception {
        for (int i = 0; i <= RECEIVE_BUFFERS; i++) {
            send(message(ControlType.MR));
        }
        // Nothing consumed yet, so the reader must stop at the one too many; a poll before that
        // would free a buffer and make the last message fit after all.
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!near.readerEnded() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertTrue(near.readerEnded(), "the reader stopped at the message too many");
        // What fitted is delivered before the error.
        int delivered = 0;
        for (int polls = 0; polls < 100 && delivered < RECEIVE_BUFFERS; polls++) {
            delivered += near.poll((type, payload) -> { }, 100);
        }
        assertEquals(RECEIVE_BUFFERS, delivered, "what fitted is delivered first");
        assertThrows(ProtocolException.class, () -> near.poll((type, payload) -> { }, 100));
    }

    @Test
    void aPeerThatStopsReadingFailsTheWriteAfterTheTimeout() throws IOException {
        Region source = near.allocate(1 << 20, false);
        RdcpException e = assertThrows(RdcpException.class, () -> {
            for (int i = 0; i < 1024; i++) {
                near.write(source, 0, 1 << 20, 0, 0);
            }
        }, "1 GiB cannot all fit in socket buffers");
        assertEquals(ExitCode.TIMEOUT, e.exitCode());
    }

    /**
     * Once a write has failed part-way, the stream holds a cut frame: nothing more may follow it
     * (a session's ABORT would be read as the rest of that frame), and a further send must not
     * wait out the timeout a second time for a peer that has stopped reading.
     */
    @Test
    void aSendAfterAWriteThatTimedOutFailsAtOnce() throws IOException {
        Region source = near.allocate(1 << 20, false);
        assertThrows(RdcpException.class, () -> {
            for (int i = 0; i < 1024; i++) {
                near.write(source, 0, 1 << 20, 0, 0);
            }
        });
        near.startMessage(ControlType.ABORT).putInt(0x00140000);
        RdcpException refused = assertThrows(RdcpException.class, near::send);
        // Refused for the cut frame, before any wait: waiting out the timeout again would end in TIMEOUT.
        assertEquals(ExitCode.SOCKET_IO, refused.exitCode(), refused.getMessage());
        assertEquals("an earlier write to the peer failed part-way", refused.getMessage());
    }

    /** A daemon closing interrupts its sessions: one interrupted as it ends still frees its memory. */
    @Test
    void anInterruptedCloseStillFreesTheMemoryAndKeepsTheInterrupt() throws IOException {
        long outstanding = DirectMemory.outstanding();
        int kept = DirectMemory.kept();
        Thread.currentThread().interrupt();
        near.close();
        assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
        assertEquals(kept, DirectMemory.kept(), "blocks kept for good instead of freed");
        assertTrue(DirectMemory.outstanding() < outstanding, "the transport's blocks are freed");
    }

    @Test
    void keepalivesSayBusy() throws Exception {
        send(ByteBuffer.allocate(5).put(TcpFrame.KEEPALIVE).position(5));
        PeerState state = near.peerState();
        for (int i = 0; i < 1000 && state == PeerState.QUIET; i++) {
            Thread.sleep(10);
            state = near.peerState();
        }
        assertEquals(PeerState.BUSY, state);
    }
}
