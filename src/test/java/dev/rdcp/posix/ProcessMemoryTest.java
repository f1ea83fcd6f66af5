package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class ProcessMemoryTest {

    /** Debian and every host rdcp is built on run glibc, which has the setting. */
    @Test
    void glibcTakesTheThreshold() throws IOException {
        assertTrue(ProcessMemory.returnLargeBlocksWhenFreed(128 << 10));
    }

    @Test
    void aThresholdGlibcCannotTakeIsAnErrorNamingTheCall() {
        IOException e = assertThrows(IOException.class, () -> ProcessMemory.returnLargeBlocksWhenFreed(0));
        assertTrue(e.getMessage().contains("mallopt(M_MMAP_THRESHOLD, 0)"), e.getMessage());
    }
}
