package dev.rdcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DirectMemoryTest {

    private static final int BYTES = 3 << 20;

    @Test
    void theMemoryIsPageAlignedZeroedAndOfTheAskedSize() throws IOException {
        try (DirectMemory memory = DirectMemory.allocate(BYTES + 5)) {
            ByteBuffer buffer = memory.buffer();
            assertTrue(buffer.isDirect());
            assertEquals(BYTES + 5, buffer.capacity());
            assertEquals(0, buffer.position());
            assertEquals(BYTES + 5, buffer.limit());
            assertEquals(0, buffer.alignmentOffset(0, DirectMemory.PAGE));
            for (int i = 0; i < buffer.capacity(); i += 4093) {
                assertEquals(0, buffer.get(i), "byte " + i);
            }
        }
    }

    /**
     * Freed at close although still reachable, which no collection could do: so the drop is this
     * close's, whatever the collector does meanwhile.
     */
    @Test
    void closeFreesTheMemoryAtOnceAndOnlyOnce() throws IOException {
        DirectMemory memory = DirectMemory.allocate(BYTES);
        memory.buffer().put(0, (byte) 1);
        long before = DirectPool.bytesInUse();
        memory.close();
        assertTrue(DirectPool.bytesInUse() <= before - BYTES, "close gave back at least the " + BYTES + " bytes");
        memory.close();
    }

    /**
     * The JVM's direct memory used up is an IOException that fails one session, not an Error its
     * setup would not clean up after: in a JVM whose limit is 1 MiB, so as not to exhaust this one's.
     */
    @Test
    void directMemoryUsedUpIsAnIOException() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:MaxDirectMemorySize=1m", "-cp", System.getProperty("java.class.path"),
                OverTheLimit.class.getName()).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, child.waitFor(), output);
        assertTrue(output.startsWith("java.io.IOException: out of memory for 4194304 bytes of buffers"), output);
    }

    /** Run by {@link #directMemoryUsedUpIsAnIOException} in a child JVM: prints what the allocation threw. */
    public static final class OverTheLimit {
        public static void main(String[] args) {
            try (DirectMemory memory = DirectMemory.allocate(4 << 20)) {
                System.out.println("allocated " + memory.buffer().capacity());
            } catch (Throwable e) {
                System.out.println(e);
            }
        }
    }

    @Test
    void releaseFreesWhatNothingTouchesAndKeepsTheRest() throws IOException {
        DirectMemory freed = DirectMemory.allocate(BYTES);
        List<DirectMemory> list = new ArrayList<>(List.of(freed));
        long before = DirectPool.bytesInUse();
        DirectMemory.release(list, true);
        assertTrue(list.isEmpty());
        assertTrue(DirectPool.bytesInUse() <= before - BYTES, "freed at once");

        DirectMemory kept = DirectMemory.allocate(BYTES);
        kept.buffer().put(BYTES - 1, (byte) 42);
        list.add(kept);
        long beforeKeeping = DirectPool.bytesInUse();
        DirectMemory.release(list, false);
        assertTrue(list.isEmpty());
        kept.close();
        assertTrue(DirectPool.bytesInUse() > beforeKeeping - BYTES, "kept, not freed, even by a later close");
        assertEquals(42, kept.buffer().get(BYTES - 1));
    }

    @Test
    void anImpossibleSizeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> DirectMemory.allocate(-1));
        assertThrows(IllegalArgumentException.class, () -> DirectMemory.allocate(Integer.MAX_VALUE));
    }
}
