package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Protocol 5's backup settings of a REQUEST (-b): {@code u16 length + UTF-8 suffix} (at most 255
 * bytes, no '/' or NUL) and {@code u16 length + UTF-8 backup directory} (at most 4096 bytes, no
 * NUL; empty for none). Without -b both are empty. A backup directory is relative to the
 * destination; since version 7 it may also be absolute or climb with "..", as rsync's, which puts
 * it outside the destination ({@link #outsideDestination}); a daemon resolves such a one beneath
 * its root.
 */
public record BackupRule(String suffix, String directory) {

    public static final BackupRule NONE = new BackupRule("", "");
    public static final int MAX_SUFFIX = 255;
    public static final int MAX_DIRECTORY = 4096;

    public BackupRule {
        String problem = problem(suffix.getBytes(StandardCharsets.UTF_8), directory.getBytes(StandardCharsets.UTF_8));
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    int encodedSize() {
        return 4 + suffix.getBytes(StandardCharsets.UTF_8).length + directory.getBytes(StandardCharsets.UTF_8).length;
    }

    void encode(ByteBuffer out) {
        byte[] suffixBytes = suffix.getBytes(StandardCharsets.UTF_8);
        byte[] directoryBytes = directory.getBytes(StandardCharsets.UTF_8);
        out.putShort((short) suffixBytes.length).put(suffixBytes).putShort((short) directoryBytes.length)
                .put(directoryBytes);
    }

    static BackupRule decode(ByteBuffer in) throws ProtocolException {
        byte[] suffix = field(in, MAX_SUFFIX);
        byte[] directory = field(in, MAX_DIRECTORY);
        String problem = problem(suffix, directory);
        if (problem != null) {
            throw new ProtocolException("malformed REQUEST backup rule: " + problem);
        }
        try {
            return new BackupRule(new String(suffix, StandardCharsets.UTF_8), new String(directory, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            // Bytes that are not UTF-8 decode to replacement characters, which can re-encode longer.
            throw new ProtocolException("malformed REQUEST backup rule: " + e.getMessage());
        }
    }

    private static byte[] field(ByteBuffer in, int max) throws ProtocolException {
        if (in.remaining() < 2) {
            throw new ProtocolException("REQUEST truncated in its backup rule");
        }
        int length = Short.toUnsignedInt(in.getShort());
        if (length > max || in.remaining() < length) {
            throw new ProtocolException("REQUEST backup rule too long or truncated");
        }
        byte[] bytes = new byte[length];
        in.get(bytes);
        return bytes;
    }

    /** What is wrong with these bytes, or null. */
    private static String problem(byte[] suffix, byte[] directory) {
        if (suffix.length > MAX_SUFFIX || directory.length > MAX_DIRECTORY) {
            return "suffix or backup directory too long";
        }
        for (byte b : suffix) {
            if (b == '/' || b == 0) {
                return "the suffix cannot contain slashes";
            }
        }
        for (byte b : directory) {
            if (b == 0) {
                return "the backup directory contains NUL";
            }
        }
        return null;
    }

    /**
     * Whether backup directory {@code directory} may lie outside the destination: it is absolute,
     * or has an empty, "." or ".." component. Such a one is opened apart from the destination.
     */
    public static boolean outsideDestination(byte[] directory) {
        return directory.length > 0 && RelativeDirectory.problem(directory, "", "") != null;
    }
}
