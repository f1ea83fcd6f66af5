package dev.rdcp.posix;

import dev.rdcp.posix.jna.RdcpPosix;
import java.io.IOException;

/**
 * How this process's C library gives memory back. Direct buffers are malloc'ed; glibc serves a
 * large block with a mapping of its own only until the first such block is freed, and from then
 * on keeps blocks up to that size in the freeing thread's arena. A daemon frees every session's
 * megabytes of staging and pool when the session ends; without this, each of its session threads
 * went on holding the largest session it had run, whatever the client had chosen.
 */
public final class ProcessMemory {

    private ProcessMemory() {
    }

    /**
     * From now on, an allocation of {@code bytes} or more that finds no free room gets a mapping of
     * its own, returned to the system when freed, and free memory at the top of an arena beyond
     * {@code bytes} is returned too. Call it early, before much has been freed. False where the C
     * library is not glibc and has no such setting.
     */
    public static boolean returnLargeBlocksWhenFreed(long bytes) throws IOException {
        int rc = RdcpPosix.rdcp_map_large_blocks(bytes);
        if (rc == -Errno.ENOSYS) {
            return false;
        }
        if (rc < 0) {
            throw ErrnoException.of("mallopt(M_MMAP_THRESHOLD, " + bytes + ")", -rc);
        }
        return true;
    }
}
