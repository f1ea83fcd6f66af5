package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * FILE payload: {@code u32 file id, u64 size, u32 mode, i64 mtime seconds, u32 mtime nanoseconds,
 * u16 name length, name bytes}. The name is relative to the destination the request named.
 */
public record FileMessage(int fileId, long size, int mode, long mtimeSeconds, int mtimeNanos, byte[] name) {

    public static final int FIXED_SIZE = 30;
    public static final int MAX_NAME = 4096;

    public FileMessage {
        if (name.length == 0 || name.length > MAX_NAME) {
            throw new IllegalArgumentException("file name of " + name.length + " bytes");
        }
        if (size < 0) {
            throw new IllegalArgumentException("negative size");
        }
    }

    public int encodedSize() {
        return FIXED_SIZE + name.length;
    }

    public void encode(ByteBuffer out) {
        out.putInt(fileId).putLong(size).putInt(mode).putLong(mtimeSeconds).putInt(mtimeNanos)
                .putShort((short) name.length).put(name);
    }

    public static FileMessage decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < FIXED_SIZE) {
            throw new ProtocolException("FILE payload too short");
        }
        int fileId = in.getInt();
        long size = in.getLong();
        int mode = in.getInt();
        long seconds = in.getLong();
        int nanos = in.getInt();
        int nameLength = Short.toUnsignedInt(in.getShort());
        if (size < 0 || nanos < 0 || nanos > 999_999_999 || nameLength == 0 || nameLength > MAX_NAME
                || in.remaining() != nameLength) {
            throw new ProtocolException("malformed FILE message");
        }
        byte[] name = new byte[nameLength];
        in.get(name);
        return new FileMessage(fileId, size, mode, seconds, nanos, name);
    }
}
