package dev.rdcp.transport;

import dev.rdcp.protocol.ControlHeader;
import dev.rdcp.protocol.ControlType;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A transport that counts what this side sends (messages and writes) and the messages it
 * receives, for rsync's "sent N bytes  received M bytes". The data the peer writes into this
 * side's memory never passes through here (a one-sided WRITE, or bytes the TCP transport's reader
 * stores): the receiving role counts that itself. One thread uses it, as any transport; nothing
 * here allocates.
 */
public final class CountedTransport implements Transport, Transport.Handler {

    private final Transport transport;
    private ByteBuffer composing;
    private int payloadStart;
    private Handler handler;
    private long bytesSent;
    private long messageBytesReceived;

    public CountedTransport(Transport transport) {
        this.transport = transport;
    }

    /** Bytes of messages (each with its header) and writes this side has sent. */
    public long bytesSent() {
        return bytesSent;
    }

    /** Bytes of messages (each with its header) this side has received. */
    public long messageBytesReceived() {
        return messageBytesReceived;
    }

    @Override
    public Region allocate(int bytes, boolean peerWritable) throws IOException {
        return transport.allocate(bytes, peerWritable);
    }

    @Override
    public ByteBuffer startMessage(ControlType type) throws IOException {
        return composing(transport.startMessage(type));
    }

    @Override
    public ByteBuffer startMessage(ControlType type, int stream) throws IOException {
        return composing(transport.startMessage(type, stream));
    }

    private ByteBuffer composing(ByteBuffer buffer) {
        composing = buffer;
        payloadStart = buffer.position();
        return buffer;
    }

    @Override
    public void discardMessage() {
        composing = null;
        transport.discardMessage();
    }

    @Override
    public int streams() {
        return transport.streams();
    }

    @Override
    public void send() throws IOException {
        int payload = composing.position() - payloadStart;
        composing = null;
        transport.send();
        bytesSent += ControlHeader.SIZE + payload;
    }

    @Override
    public long write(Region source, long offset, int length, long remoteAddress, int remoteKey) throws IOException {
        long request = transport.write(source, offset, length, remoteAddress, remoteKey);
        bytesSent += length;
        return request;
    }

    @Override
    public long write(int stream, Region source, long offset, int length, long remoteAddress, int remoteKey)
            throws IOException {
        long request = transport.write(stream, source, offset, length, remoteAddress, remoteKey);
        bytesSent += length;
        return request;
    }

    @Override
    public long completedThrough() {
        return transport.completedThrough();
    }

    @Override
    public long completedThrough(int stream) {
        return transport.completedThrough(stream);
    }

    @Override
    public boolean idle() {
        return transport.idle();
    }

    @Override
    public int poll(Handler handler, long timeoutMillis) throws IOException {
        this.handler = handler;
        try {
            return transport.poll(this, timeoutMillis);
        } finally {
            this.handler = null;
        }
    }

    /** A received message on its way to the poller's handler. */
    @Override
    public void onMessage(ControlType type, ByteBuffer payload) throws IOException {
        messageBytesReceived += ControlHeader.SIZE + payload.remaining();
        handler.onMessage(type, payload);
    }

    @Override
    public PeerWatch watch() {
        return transport.watch();
    }

    @Override
    public void disconnect() throws IOException {
        transport.disconnect();
    }

    @Override
    public void close() throws IOException {
        transport.close();
    }
}
