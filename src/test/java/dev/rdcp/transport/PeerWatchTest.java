package dev.rdcp.transport;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the bootstrap connection tells during the RDMA transfer: quiet, busy (keepalives) or gone. */
class PeerWatchTest {

    private ServerSocket listener;
    private BootstrapChannel near;
    private Socket far;

    @BeforeEach
    void connect() throws IOException {
        listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Socket client = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort());
        far = listener.accept();
        near = new BootstrapChannel(client, Duration.ofSeconds(5));
    }

    @AfterEach
    void close() throws IOException {
        near.close();
        far.close();
        listener.close();
    }

    private static void awaitState(BootstrapChannel channel, PeerState expected) throws Exception {
        PeerState state = channel.peerState();
        for (int i = 0; i < 500 && state == PeerState.QUIET; i++) {
            Thread.sleep(10);
            state = channel.peerState();
        }
        assertEquals(expected, state);
    }

    @Test
    void aQuietPeerIsQuietAndKeepalivesSayBusy() throws Exception {
        assertEquals(PeerState.QUIET, near.peerState());
        far.getOutputStream().write(new byte[] {BootstrapChannel.KEEPALIVE, BootstrapChannel.KEEPALIVE});
        far.getOutputStream().flush();
        awaitState(near, PeerState.BUSY);
        assertEquals(PeerState.QUIET, near.peerState(), "both keepalives were read at once");
    }

    @Test
    void aClosedPeerIsGoneAndCheckSaysSo() throws Exception {
        PeerWatch watch = new PeerWatch(near, 30);
        assertFalse(watch.peerGone());
        far.close();
        awaitState(near, PeerState.CLOSED);
        RdcpException e = assertThrows(RdcpException.class, watch::check);
        assertEquals(ExitCode.SOCKET_IO, e.exitCode());
    }

    @Test
    void theEndOfASessionWaitsForThePeerToCloseAfterItsKeepalives() throws Exception {
        far.getOutputStream().write(BootstrapChannel.KEEPALIVE);
        far.getOutputStream().flush();
        far.shutdownOutput();
        assertDoesNotThrow(new PeerWatch(near, 30)::awaitPeerClose);
    }

    @Test
    void otherBytesAtTheEndOfASessionAreAProtocolError() throws Exception {
        far.getOutputStream().write('x');
        far.getOutputStream().flush();
        assertThrows(ProtocolException.class, near::awaitClose);
    }

    @Test
    void aPeerThatNeverClosesTimesTheEndOut() throws Exception {
        BootstrapChannel impatient = new BootstrapChannel(far, Duration.ofMillis(100));
        RdcpException e = assertThrows(RdcpException.class, impatient::awaitClose);
        assertEquals(ExitCode.TIMEOUT, e.exitCode());
    }

    @Test
    void anyOtherByteIsAProtocolError() throws Exception {
        far.getOutputStream().write('x');
        far.getOutputStream().flush();
        assertThrows(ProtocolException.class, () -> awaitState(near, PeerState.BUSY));
    }

    @Test
    void keepalivesFromABusyPeerHoldOffTheTimeout() throws Exception {
        PeerWatch watch = new PeerWatch(near, 1);
        BootstrapChannel farChannel = new BootstrapChannel(far, Duration.ofSeconds(5));
        PeerWatch farWatch = new PeerWatch(farChannel, 1);
        for (int i = 0; i < 8; i++) {
            Thread.sleep(200);
            farWatch.busy();
            assertDoesNotThrow(watch::check, "a keepalive came at most a third of the timeout ago");
        }
        Thread.sleep(1500);
        RdcpException e = assertThrows(RdcpException.class, watch::check, "silence past the timeout");
        assertEquals(ExitCode.TIMEOUT, e.exitCode());
        assertTrue(e.getMessage().contains("--timeout"), e.getMessage());
    }

    /** Issue 11: a daemon's client that sends nothing but keepalives ends after --timeout instead of holding its slot. */
    @Test
    void keepalivesAloneDoNotHoldOffADaemonsTimeout() throws Exception {
        PeerWatch watch = new PeerWatch(near, 1, false);
        BootstrapChannel farChannel = new BootstrapChannel(far, Duration.ofSeconds(5));
        PeerWatch farWatch = new PeerWatch(farChannel, 1);
        RdcpException e = null;
        for (int i = 0; i < 20 && e == null; i++) {
            Thread.sleep(200);
            farWatch.busy();
            try {
                watch.check();
            } catch (RdcpException timedOut) {
                e = timedOut;
            }
        }
        assertNotNull(e, "keepalives for 4 s held off a timeout of 1 s");
        assertEquals(ExitCode.TIMEOUT, e.exitCode());
        assertTrue(e.getMessage().contains("nothing but keepalives"), e.getMessage());
        watch.activity();
        assertDoesNotThrow(watch::check, "a message starts the wait again");
    }

    /** An empty wait comes back about once per chunk; looking blocks up to a millisecond each time. */
    @Test
    void emptyWaitsLookAtTheConnectionAtMostEveryLookInterval() throws Exception {
        int[] looks = {0};
        PeerPresence counting = new PeerPresence() {
            @Override
            public PeerState peerState() {
                looks[0]++;
                return PeerState.QUIET;
            }

            @Override
            public void sendKeepalive() {
            }

            @Override
            public void awaitClose() {
            }
        };
        long[] now = {0};
        PeerWatch watch = new PeerWatch(counting, 30, true, () -> now[0]);
        for (int i = 0; i < 1000; i++) {
            watch.check();
        }
        assertEquals(1, looks[0], "the first empty wait looks, the others within the interval do not");
        now[0] += PeerWatch.LOOK_INTERVAL_NANOS - 1;
        watch.check();
        assertEquals(1, looks[0], "still within the interval");
        now[0] += 1;
        watch.check();
        watch.check();
        assertEquals(2, looks[0], "once the interval has passed, one look");
    }

    /**
     * --timeout 0 is none, as rsync's: years of silence are no timeout (before, every wait that
     * came back empty timed out at once, exit 30), and a busy side still tells its peer every 10 s.
     */
    @Test
    void aTimeoutOfZeroIsNoneAndKeepalivesGoEveryTenSeconds() throws Exception {
        long[] now = {0};
        int[] keepalives = {0};
        PeerPresence quiet = new PeerPresence() {
            @Override
            public PeerState peerState() {
                return PeerState.QUIET;
            }

            @Override
            public void sendKeepalive() {
                keepalives[0]++;
            }

            @Override
            public void awaitClose() {
            }
        };
        PeerWatch watch = new PeerWatch(quiet, 0, true, () -> now[0]);
        now[0] = 9_000_000_000L;
        watch.busy();
        assertEquals(0, keepalives[0]);
        now[0] = 10_000_000_000L;
        watch.busy();
        assertEquals(1, keepalives[0]);
        now[0] = 3L * 365 * 24 * 3600 * 1_000_000_000L;
        assertDoesNotThrow(watch::check);
    }
}
