package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What the client asks of the server: {@code u8 direction (1 push, 2 pull), u8 flags, u32 chunk
 * size, u16 slots, u16 path count, then each path as u16 length + UTF-8 bytes}. A push names
 * the destination; a pull names the sources.
 */
public record SessionRequest(Direction direction, int flags, int chunkSize, int slots, List<String> paths) {

    /** Who sends the files. */
    public enum Direction {
        /** The client sends; the server receives into its destination. */
        PUSH,
        /** The server sends its sources; the client receives. */
        PULL
    }

    public static final int PRESERVE_TIMES = 1;
    public static final int PRESERVE_PERMISSIONS = 1 << 1;
    public static final int DESTINATION_IS_DIRECTORY = 1 << 2;
    private static final int KNOWN_FLAGS = PRESERVE_TIMES | PRESERVE_PERMISSIONS | DESTINATION_IS_DIRECTORY;
    private static final int MAX_PATHS = 4096;

    public SessionRequest {
        paths = List.copyOf(paths);
    }

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    public ByteBuffer encode() {
        List<byte[]> encoded = paths.stream().map(p -> p.getBytes(StandardCharsets.UTF_8)).toList();
        int size = 10 + encoded.stream().mapToInt(b -> 2 + b.length).sum();
        ByteBuffer out = ByteBuffer.allocate(size);
        out.put((byte) (direction.ordinal() + 1)).put((byte) flags).putInt(chunkSize).putShort((short) slots)
                .putShort((short) encoded.size());
        for (byte[] path : encoded) {
            out.putShort((short) path.length).put(path);
        }
        return out;
    }

    public static SessionRequest decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < 10) {
            throw new ProtocolException("REQUEST too short");
        }
        int direction = in.get();
        int flags = Byte.toUnsignedInt(in.get());
        int chunkSize = in.getInt();
        int slots = Short.toUnsignedInt(in.getShort());
        int count = Short.toUnsignedInt(in.getShort());
        if (direction < 1 || direction > 2 || (flags & ~KNOWN_FLAGS) != 0 || count == 0 || count > MAX_PATHS
                || slots == 0) {
            throw new ProtocolException("malformed REQUEST");
        }
        List<String> paths = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            if (in.remaining() < 2) {
                throw new ProtocolException("REQUEST truncated");
            }
            int length = Short.toUnsignedInt(in.getShort());
            if (length == 0 || in.remaining() < length) {
                throw new ProtocolException("REQUEST path truncated");
            }
            byte[] path = new byte[length];
            in.get(path);
            paths.add(new String(path, StandardCharsets.UTF_8));
        }
        if (in.hasRemaining()) {
            throw new ProtocolException("REQUEST has trailing bytes");
        }
        return new SessionRequest(Direction.values()[direction - 1], flags, chunkSize, slots, paths);
    }
}
