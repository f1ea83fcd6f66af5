package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProcessMemoryTest {

    /**
     * In a fresh JVM, after a larger block has been freed: with the setting, the next large block
     * still gets a mapping of its own, so freeing it unmaps it. Without it glibc serves that block
     * from its arena, where it stays once freed: what a daemon's session threads used to keep.
     */
    @Test
    void aLargeBlockGetsAMappingOfItsOwnEvenAfterALargerOneWasFreed() throws Exception {
        assertEquals("own mapping", probe("set"));
        assertEquals("arena", probe("unset"));
    }

    @Test
    void aThresholdOutsideWhatGlibcTakesIsAnErrorNamingTheCall() {
        IOException e = assertThrows(IOException.class, () -> ProcessMemory.returnLargeBlocksWhenFreed(64 << 20));
        assertTrue(e.getMessage().contains("mallopt(M_MMAP_THRESHOLD, 67108864)"), e.getMessage());
    }

    private static String probe(String mode) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                LargeBlockProbe.class.getName(), mode).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the probe JVM ended");
        assertEquals(0, child.exitValue(), output);
        return output;
    }
}
