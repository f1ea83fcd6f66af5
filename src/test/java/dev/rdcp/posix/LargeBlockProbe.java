package dev.rdcp.posix;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Structure;
import dev.rdcp.transport.DirectMemory;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Run in a JVM of its own by {@link ProcessMemoryTest}, as a daemon starts: calls
 * {@link ProcessMemory#returnLargeBlocksWhenFreed} first if asked, then frees a 30 MiB block
 * (which makes glibc raise its thresholds past 24 MiB unless they were set), allocates 24 MiB and
 * prints where that landed by glibc's own count of mapped bytes: "own mapping" or "arena".
 */
public final class LargeBlockProbe {

    /** glibc's struct mallinfo2 (2.33 and later): every field a size_t. */
    @Structure.FieldOrder({"arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost"})
    public static final class MallInfo2 extends Structure implements Structure.ByValue {
        public long arena;
        public long ordblks;
        public long smblks;
        public long hblks;
        /** Bytes in blocks that have a mapping of their own. */
        public long hblkhd;
        public long usmblks;
        public long fsmblks;
        public long uordblks;
        public long fordblks;
        public long keepcost;
    }

    interface GlibcMalloc extends Library {
        MallInfo2 mallinfo2();
    }

    private LargeBlockProbe() {
    }

    public static void main(String[] args) throws IOException {
        GlibcMalloc malloc = Native.load("c", GlibcMalloc.class);
        if (args.length > 0 && args[0].equals("set")) {
            ProcessMemory.returnLargeBlocksWhenFreed(128 << 10);
        }
        try (DirectMemory larger = DirectMemory.allocate(30 << 20)) {
            larger.buffer().put(0, (byte) 1);
        }
        long mappedBefore = malloc.mallinfo2().hblkhd;
        ByteBuffer probe = ByteBuffer.allocateDirect(24 << 20);
        probe.put(0, (byte) 1);
        long mapped = malloc.mallinfo2().hblkhd - mappedBefore;
        // Half the block: the JVM's other threads may map or unmap blocks of their own meanwhile.
        System.out.println(mapped >= probe.capacity() / 2 ? "own mapping" : "arena");
    }
}
