package dev.rdcp.transport;

import dev.rdcp.protocol.Frames;
import dev.rdcp.protocol.Hello;
import dev.rdcp.protocol.MessageType;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.QpEndpoint;
import dev.rdcp.protocol.RegionAdvert;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;

/** The TCP connection that bootstraps an RDMA connection: hello, then endpoint exchange. Owns its socket. */
public final class BootstrapChannel implements AutoCloseable {

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;

    public BootstrapChannel(Socket socket, Duration readTimeout) throws IOException {
        this.socket = socket;
        socket.setTcpNoDelay(true);
        socket.setSoTimeout((int) readTimeout.toMillis());
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    }

    /** Sends our hello and checks the peer's: same magic, same version. */
    public void handshake() throws IOException {
        ByteBuffer payload = ByteBuffer.allocate(Hello.SIZE);
        Hello.current().encode(payload);
        send(MessageType.HELLO, payload);
        Hello.decode(receive(MessageType.HELLO)).requireCompatible();
    }

    public QpEndpoint exchange(QpEndpoint local) throws IOException {
        ByteBuffer payload = ByteBuffer.allocate(QpEndpoint.SIZE);
        local.encode(payload);
        send(MessageType.QP_ENDPOINT, payload);
        return QpEndpoint.decode(receive(MessageType.QP_ENDPOINT));
    }

    public void sendRegion(RegionAdvert region) throws IOException {
        ByteBuffer payload = ByteBuffer.allocate(RegionAdvert.SIZE);
        region.encode(payload);
        send(MessageType.REGION, payload);
    }

    public RegionAdvert receiveRegion() throws IOException {
        return RegionAdvert.decode(receive(MessageType.REGION));
    }

    private void send(MessageType type, ByteBuffer payload) throws IOException {
        payload.flip();
        Frames.write(out, type, payload);
    }

    private ByteBuffer receive(MessageType expected) throws IOException {
        Frames.Frame frame;
        try {
            frame = Frames.read(in);
        } catch (SocketTimeoutException e) {
            throw new ProtocolException("the peer sent nothing for " + socket.getSoTimeout() / 1000
                    + " s while rdcp waited for " + expected);
        }
        if (frame.type() != expected) {
            throw new ProtocolException("expected " + expected + " but the peer sent " + frame.type());
        }
        return frame.payload();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
