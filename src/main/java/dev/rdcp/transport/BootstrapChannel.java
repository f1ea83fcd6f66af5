package dev.rdcp.transport;

import dev.rdcp.protocol.ErrorMessage;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.Frames;
import dev.rdcp.protocol.Hello;
import dev.rdcp.protocol.IncompatiblePeerException;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.QpEndpoint;
import dev.rdcp.protocol.StreamCount;
import dev.rdcp.protocol.RdcpException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.channels.SocketChannel;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * The TCP connection that bootstraps an RDMA connection: hello, authentication, request,
 * endpoint exchange; during the transfer it only tells whether the peer is still there. Owns
 * its socket.
 */
public final class BootstrapChannel implements AutoCloseable, PeerPresence {

    /** The one byte either side may send during the RDMA transfer ('K'): see {@link #sendKeepalive}. */
    public static final int KEEPALIVE = 0x4B;

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;

    public BootstrapChannel(Socket socket, Duration readTimeout) throws IOException {
        this.socket = socket;
        socket.setTcpNoDelay(true);
        // 0: none; past an int's milliseconds (24 days), the most a socket's timeout holds.
        socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, readTimeout.toMillis()));
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    }

    /** Sends our hello and checks the peer's: same magic, same version. */
    public void handshake() throws IOException {
        ByteBuffer payload = ByteBuffer.allocate(Hello.SIZE);
        Hello.current().encode(payload);
        send(MessageType.HELLO, payload);
        ByteBuffer theirs;
        try {
            theirs = receive(MessageType.HELLO);
        } catch (IncompatiblePeerException | RdcpException e) {
            throw e;
        } catch (ProtocolException e) {
            throw new IncompatiblePeerException("not an rdcp peer (" + e.getMessage() + ")");
        }
        Hello.decode(theirs).requireCompatible();
    }

    public QpEndpoint exchange(QpEndpoint local) throws IOException {
        ByteBuffer payload = ByteBuffer.allocate(QpEndpoint.SIZE);
        local.encode(payload);
        send(MessageType.QP_ENDPOINT, payload);
        return QpEndpoint.decode(receive(MessageType.QP_ENDPOINT));
    }

    /**
     * Sends this side's STREAMS and reads the peer's (both send first, as for the endpoints);
     * returns the smaller. A peer asking for more than {@link StreamCount#MAX} is a protocol error.
     */
    public int agreeStreams(int wanted) throws IOException {
        ByteBuffer payload = ByteBuffer.allocate(StreamCount.SIZE);
        new StreamCount(wanted).encode(payload);
        send(MessageType.STREAMS, payload);
        return Math.min(wanted, StreamCount.decode(receive(MessageType.STREAMS)).streams());
    }

    /** Sends a frame whose payload was written into {@code payload} (it is flipped here). */
    public void send(MessageType type, ByteBuffer payload) throws IOException {
        payload.flip();
        Frames.write(out, type, payload);
    }

    /** Tells the peer why its request is refused. */
    public void sendError(ExitCode code, String message) throws IOException {
        ByteBuffer payload = new ErrorMessage(code.code(), message).encode();
        send(MessageType.ERROR, payload.position(payload.limit()));
    }

    /**
     * Both sides have finished setting up (QPs in RTS, receives posted): neither sends on the
     * queue pair before the other is ready to receive.
     */
    public void barrier() throws IOException {
        send(MessageType.READY, ByteBuffer.allocate(0));
        receive(MessageType.READY);
    }

    /**
     * Receives the next frame, which must be of the expected type; an ERROR frame instead is
     * thrown as the failure it reports.
     */
    public ByteBuffer receive(MessageType expected) throws IOException {
        Frames.Frame frame;
        try {
            frame = Frames.read(in);
        } catch (SocketTimeoutException e) {
            throw new RdcpException(ExitCode.TIMEOUT, "the peer sent nothing for " + socket.getSoTimeout() / 1000
                    + " s while rdcp waited for " + expected);
        }
        if (frame.type() == MessageType.ERROR && expected != MessageType.ERROR) {
            throw ErrorMessage.decode(frame.payload()).toException();
        }
        if (frame.type() != expected) {
            throw new ProtocolException("expected " + expected + " but the peer sent " + frame.type());
        }
        return frame.payload();
    }

    /**
     * Looks at the connection without waiting. During the RDMA transfer only {@link #KEEPALIVE}
     * bytes may arrive on it; anything else is a protocol error.
     */
    @Override
    public PeerState peerState() throws IOException {
        int timeout = socket.getSoTimeout();
        socket.setSoTimeout(1);
        try {
            boolean busy = false;
            do {
                int b = in.read();
                if (b < 0) {
                    return PeerState.CLOSED;
                }
                if (b != KEEPALIVE) {
                    throw new ProtocolException("unexpected bytes on the bootstrap connection during the transfer");
                }
                busy = true;
            } while (in.available() > 0);
            return busy ? PeerState.BUSY : PeerState.QUIET;
        } catch (SocketTimeoutException e) {
            return PeerState.QUIET;
        } catch (SocketException e) {
            return PeerState.CLOSED;
        } finally {
            if (!socket.isClosed()) {
                socket.setSoTimeout(timeout);
            }
        }
    }

    @Override
    public void awaitClose() throws IOException {
        try {
            for (int b = in.read(); b >= 0; b = in.read()) {
                if (b != KEEPALIVE) {
                    throw new ProtocolException("unexpected bytes on the bootstrap connection at the end of the session");
                }
            }
        } catch (SocketTimeoutException e) {
            throw new RdcpException(ExitCode.TIMEOUT, "the peer did not close the connection within "
                    + socket.getSoTimeout() / 1000 + " s of the end of the session");
        } catch (SocketException e) {
            // Reset: closed as well.
        }
    }

    /** Tells the peer this side is alive but busy, without using an RDMA message. */
    @Override
    public void sendKeepalive() throws IOException {
        out.write(KEEPALIVE);
        out.flush();
    }

    /** The connection's channel, for a transport that carries the transfer on this connection. */
    SocketChannel transferChannel() throws RdcpException {
        SocketChannel channel = socket.getChannel();
        if (channel == null) {
            throw new IllegalStateException("the bootstrap socket has no channel: open it as a SocketChannel");
        }
        return channel;
    }

    /** What was read ahead past the last bootstrap frame: the first bytes of the transfer. */
    ByteBuffer readAhead() throws IOException {
        return ByteBuffer.wrap(in.readNBytes(in.available()));
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
