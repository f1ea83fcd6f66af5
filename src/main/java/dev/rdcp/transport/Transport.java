package dev.rdcp.transport;

import dev.rdcp.protocol.ControlType;
import dev.rdcp.protocol.ProtocolException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * What the sender and receiver need from a connection: control messages in order, writes of
 * data into memory the peer registered, and completions telling when memory written from may
 * be reused. Over RDMA a write is an RDMA WRITE and messages are SEND/RECV; over TCP both are
 * bytes on one socket. Nothing here allocates per message or per write.
 */
public interface Transport extends AutoCloseable {

    /** Receives one control message; {@code payload} is valid only during the call. */
    @FunctionalInterface
    interface Handler {
        void onMessage(ControlType type, ByteBuffer payload) throws IOException;
    }

    /**
     * Allocates {@code bytes} of memory and registers it: as a source of writes, or
     * {@code peerWritable} as staging the peer writes into. The transport owns the memory and
     * frees it when it closes, once nothing (queue pair, reader) can touch it: a session's
     * megabytes go with the session, not with some later garbage collection.
     */
    Region allocate(int bytes, boolean peerWritable) throws IOException;

    /**
     * Starts a control message and returns its buffer positioned at the payload. Waits if every
     * send buffer is in flight.
     */
    ByteBuffer startMessage(ControlType type) throws IOException;

    /**
     * How many RC connections (streams) carry this session; the stream numbers are 0 to this
     * minus one. Nothing orders one stream against another, and stream 0 carries every message
     * that is not sent on a stream of its own.
     */
    default int streams() {
        return 1;
    }

    /**
     * Starts a control message that travels on {@code stream}, after that stream's earlier writes.
     * A transport of one stream has only stream 0.
     */
    default ByteBuffer startMessage(ControlType type, int stream) throws IOException {
        requireStream(stream, streams());
        return startMessage(type);
    }

    /** As {@link #write(Region, long, int, long, int)}, on {@code stream}; numbered per stream. */
    default long write(int stream, Region source, long offset, int length, long remoteAddress, int remoteKey)
            throws IOException {
        requireStream(stream, streams());
        return write(source, offset, length, remoteAddress, remoteKey);
    }

    /** Every request on {@code stream} numbered up to this has completed. */
    default long completedThrough(int stream) {
        requireStream(stream, streams());
        return completedThrough();
    }

    /** Sends the message started by {@link #startMessage}. */
    void send() throws IOException;

    /**
     * Drops the message started by {@link #startMessage} and not sent, if there is one: its
     * composer failed half-way, and the side's last message, an ABORT, takes its buffer.
     */
    void discardMessage();

    /**
     * Writes {@code length} bytes at {@code offset} in {@code source} to the peer's memory at
     * {@code remoteAddress} under {@code remoteKey}. The data is in place before any message sent
     * after it arrives. Returns the request's number: {@code source} must stay unchanged until
     * {@link #completedThrough()} reaches it.
     */
    long write(Region source, long offset, int length, long remoteAddress, int remoteKey) throws IOException;

    /** Every request numbered up to this has completed. */
    long completedThrough();

    /** True when every message and write has left this side. */
    boolean idle();

    /**
     * Handles received messages, waiting up to {@code timeoutMillis} for the first; returns how
     * many were handled.
     */
    int poll(Handler handler, long timeoutMillis) throws IOException;

    /** Watches the peer for this connection: gone, busy, or silent too long. */
    PeerWatch watch();

    /** Stops all data movement; afterwards registered memory may be released. */
    void disconnect() throws IOException;

    /** Disconnects (if not done yet) and releases what the transport owns. */
    @Override
    void close() throws IOException;

    /** Refuses a stream number outside 0 to {@code streams} minus one. */
    static void requireStream(int stream, int streams) {
        if (stream < 0 || stream >= streams) {
            throw new IllegalArgumentException("stream " + stream + " of " + streams);
        }
    }

    /** The error for a message the protocol allows nowhere here. */
    static ProtocolException unexpected(ControlType type, String state) {
        return new ProtocolException("unexpected " + type + " message " + state);
    }
}
