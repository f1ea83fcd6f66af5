package dev.rdcp.posix;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.rdcp.transport.DirectMemory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run in a JVM of its own by {@link ProcessMemoryTest}, as a daemon starts: calls
 * {@link ProcessMemory#returnLargeBlocksWhenFreed} first if asked, then frees a 16 MiB block
 * (which makes glibc raise its thresholds past 8 MiB unless they were set), allocates 8 MiB and
 * prints where that landed: "own mapping" or "arena".
 */
public final class LargeBlockProbe {

    private LargeBlockProbe() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length > 0 && args[0].equals("set")) {
            ProcessMemory.returnLargeBlocksWhenFreed(128 << 10);
        }
        try (DirectMemory larger = DirectMemory.allocate(16 << 20)) {
            larger.buffer().put(0, (byte) 1);
        }
        ByteBuffer probe = ByteBuffer.allocateDirect(8 << 20);
        long address = Pointer.nativeValue(Native.getDirectBufferPointer(probe));
        System.out.println(ownMapping(address, probe.capacity()) ? "own mapping" : "arena");
    }

    /** glibc returns a block that has a mapping of its own 16 bytes past the mapping's start. */
    private static boolean ownMapping(long address, int bytes) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            String[] range = line.substring(0, line.indexOf(' ')).split("-");
            long start = Long.parseUnsignedLong(range[0], 16);
            long end = Long.parseUnsignedLong(range[1], 16);
            if (start <= address && address < end) {
                return address - start == 16 && end - start <= bytes + 2 * 4096;
            }
        }
        return false;
    }
}
