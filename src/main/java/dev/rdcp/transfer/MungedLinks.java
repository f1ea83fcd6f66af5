package dev.rdcp.transfer;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * rsync's --munge-links: a receiver stores each symlink it makes with "/rsyncd-munged/" before
 * its target, so that it cannot be followed while no /rsyncd-munged directory exists; a sender
 * takes that prefix off the targets it lists, so that the original target travels.
 */
public final class MungedLinks {

    private static final byte[] PREFIX = "/rsyncd-munged/".getBytes(StandardCharsets.US_ASCII);
    /** The directory whose presence would make munged symlinks lead somewhere. */
    private static final String DIRECTORY = "rsyncd-munged";

    private MungedLinks() {
    }

    /** {@code target} with the prefix before it. */
    static byte[] munged(byte[] target) {
        byte[] munged = Arrays.copyOf(PREFIX, PREFIX.length + target.length);
        System.arraycopy(target, 0, munged, PREFIX.length, target.length);
        return munged;
    }

    /**
     * {@code target} without the prefix, where it starts with it and holds more (as rsync, a
     * target that is the prefix alone stays as it is).
     */
    static byte[] unmunged(byte[] target) {
        if (target.length <= PREFIX.length || !Arrays.equals(target, 0, PREFIX.length, PREFIX, 0, PREFIX.length)) {
            return target;
        }
        return Arrays.copyOfRange(target, PREFIX.length, target.length);
    }

    /**
     * A symlink entry as a munging receiver takes it, before anything compares or makes it; other
     * entries as they are. One whose munged target no longer fits an entry fails alone (23).
     */
    static Entry munged(Entry entry) {
        if (entry.type() != EntryType.SYMLINK) {
            return entry;
        }
        try {
            return entry.withExtra(munged(entry.extra()));
        } catch (IllegalArgumentException e) {
            return Entry.problem(entry.index(), ExitCode.PARTIAL.code(), entry.name(),
                    ("symlink " + FileNames.display(entry.name())
                            + ": its munged target is too long").getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * Whether munging would be unsafe under {@code root}: a directory (or a symlink to one) named
     * rsyncd-munged there makes every munged symlink lead into it. rsync refuses to run then.
     */
    public static boolean unsafeUnder(Path root) {
        return Files.isDirectory(root.resolve(DIRECTORY));
    }
}
