package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * The TCP transport's frames (docs/protocol.md, "The TCP transport"): what carries the control
 * messages and the RDMA WRITEs when there is no RDMA. Every frame starts with {@link #START}
 * bytes: its kind, then a message's 4-byte control header, a write's {@code u32 length}, or a
 * keepalive's 4 zero bytes. A write goes on with {@code u32 key, u64 address} and its data.
 * Big-endian, as every rdcp frame. Nothing here allocates: a write frame is read on the data path.
 */
public final class TcpFrame {

    public static final byte MESSAGE = 'M';
    public static final byte WRITE = 'W';
    public static final byte KEEPALIVE = 'K';
    /** The bytes every frame starts with. */
    public static final int START = 5;
    /** A write frame's bytes before its data. */
    public static final int WRITE_HEADER = START + 12;

    private TcpFrame() {
    }

    /** Puts a write frame's header at {@code out}'s position. */
    public static ByteBuffer putWriteHeader(ByteBuffer out, int length, int key, long address) {
        return out.put(WRITE).putInt(length).putInt(key).putLong(address);
    }

    /** Puts a keepalive frame at {@code out}'s position. */
    public static ByteBuffer putKeepalive(ByteBuffer out) {
        return out.put(KEEPALIVE).putInt(0);
    }

    /** The kind of the frame whose start {@code start} holds (absolute reads); an unknown one is a protocol error. */
    public static byte kind(ByteBuffer start) throws ProtocolException {
        byte kind = start.get(0);
        if (kind != MESSAGE && kind != WRITE && kind != KEEPALIVE) {
            throw new ProtocolException("unknown frame kind " + Byte.toUnsignedInt(kind) + " on the TCP transport");
        }
        return kind;
    }

    /** Checks a keepalive frame's start: its four bytes after the kind are zero, as the format says. */
    public static void checkKeepalive(ByteBuffer start) throws ProtocolException {
        if (start.getInt(1) != 0) {
            throw new ProtocolException("keepalive frame with nonzero bytes on the TCP transport");
        }
    }

    /** A message frame's control message length, its header's and payload's, checked against {@link ControlHeader#MAX_MESSAGE}. */
    public static int messageLength(ByteBuffer start) throws ProtocolException {
        // The control header's last two bytes are its payload's length.
        int length = ControlHeader.SIZE + Short.toUnsignedInt(start.getShort(START - 2));
        if (length > ControlHeader.MAX_MESSAGE) {
            throw new ProtocolException("control message of " + length + " bytes");
        }
        return length;
    }

    /** A write frame's data length, from its start. */
    public static int writeLength(ByteBuffer start) {
        return start.getInt(1);
    }

    /** A write frame's key, from the {@code WRITE_HEADER - START} bytes after its start. */
    public static int writeKey(ByteBuffer rest) {
        return rest.getInt(0);
    }

    /** A write frame's address (an offset in the region its key names), from the bytes after its start. */
    public static long writeAddress(ByteBuffer rest) {
        return rest.getLong(4);
    }

    /** Checks that a write frame's key names one of the {@code regions} writable regions. A peer chooses it. */
    public static void checkKey(int key, int regions, int length, long address) throws ProtocolException {
        if (key < 0 || key >= regions) {
            throw outside(length, address);
        }
    }

    /** Checks that a write of {@code length} bytes at {@code address} lies inside a region of {@code capacity} bytes. */
    public static void checkSpan(int length, long address, int capacity) throws ProtocolException {
        // Subtracted, not added: a peer's address near 2^63 would wrap the sum below the capacity.
        if (length < 0 || address < 0 || address > capacity - length) {
            throw outside(length, address);
        }
    }

    private static ProtocolException outside(int length, long address) {
        return new ProtocolException("a write of " + length + " bytes at " + address + " outside the staging buffers");
    }
}
