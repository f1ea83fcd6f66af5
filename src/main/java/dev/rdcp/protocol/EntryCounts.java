package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * A count of entries by kind, as rsync's --stats breaks its counts down ("reg", "dir", "link",
 * "dev", "special"): on the wire five {@code u64} in that order. A hard link counts as a regular
 * file, as in rsync. Every count is at least 0 and so is their sum, which fits a long: what a peer
 * sends is checked for both, so its counts are only ever shown, never trusted to add up.
 */
public record EntryCounts(long regular, long directories, long symlinks, long devices, long specials) {

    public static final int SIZE = 5 * Long.BYTES;
    public static final EntryCounts ZERO = new EntryCounts(0, 0, 0, 0, 0);

    public EntryCounts {
        String problem = problem(regular, directories, symlinks, devices, specials);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    public long total() {
        return regular + directories + symlinks + devices + specials;
    }

    /** These counts with one more entry of {@code type}; a type that is no file counts nowhere. */
    public EntryCounts plus(EntryType type) {
        return switch (type) {
            case FILE, HARDLINK -> new EntryCounts(regular + 1, directories, symlinks, devices, specials);
            case DIRECTORY -> new EntryCounts(regular, directories + 1, symlinks, devices, specials);
            case SYMLINK -> new EntryCounts(regular, directories, symlinks + 1, devices, specials);
            case DEVICE -> new EntryCounts(regular, directories, symlinks, devices + 1, specials);
            case SPECIAL -> new EntryCounts(regular, directories, symlinks, devices, specials + 1);
            default -> this;
        };
    }

    void encode(ByteBuffer out) {
        out.putLong(regular).putLong(directories).putLong(symlinks).putLong(devices).putLong(specials);
    }

    static EntryCounts decode(ByteBuffer in, String what) throws ProtocolException {
        if (in.remaining() < SIZE) {
            throw new ProtocolException(what + " truncated");
        }
        long regular = in.getLong();
        long directories = in.getLong();
        long symlinks = in.getLong();
        long devices = in.getLong();
        long specials = in.getLong();
        String problem = problem(regular, directories, symlinks, devices, specials);
        if (problem != null) {
            throw new ProtocolException("malformed " + what + ": " + problem);
        }
        return new EntryCounts(regular, directories, symlinks, devices, specials);
    }

    private static String problem(long... counts) {
        long sum = 0;
        for (long count : counts) {
            if (count < 0) {
                return "negative count " + count;
            }
            sum += count;
            if (sum < 0) {
                return "the counts add up beyond " + Long.MAX_VALUE;
            }
        }
        return null;
    }
}
