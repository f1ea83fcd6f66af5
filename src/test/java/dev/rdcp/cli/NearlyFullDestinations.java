package dev.rdcp.cli;

import java.nio.file.Path;

/**
 * Destinations that are nearly full, for the tests of what --delete frees before files arrive:
 * each a 3 MiB tmpfs mounted here (so the tests need root), holding 2.4 MB of old files in z/
 * and one in the top directory, with room for a source's new files or for the old ones, not both.
 * A failed mount fails the test: skipped, it would prove nothing (CI runs as root).
 */
final class NearlyFullDestinations implements AutoCloseable {

    private static final String SIZE = "size=3m";
    private final TmpfsMounts mounts = new TmpfsMounts();

    /** A nearly full destination at {@code at}. */
    void make(Path at) throws Exception {
        mounts.mount(at, SIZE);
        for (int i = 1; i <= 3; i++) {
            SideBySide.write(at, "z/old" + i, 800_000);
        }
        SideBySide.write(at, "gone", 1);
    }

    @Override
    public void close() throws Exception {
        mounts.close();
    }
}
