import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.CRC32C;

/**
 * What one CPU can do to the bytes of a copy, measured where the benchmark runs: CRC32C over a
 * chunk-sized direct buffer, pread of a cached file into it, and writes of it to a new file.
 * Usage: java SingleCpuCeiling.java SOURCE_FILE TARGET_DIR CHUNK_BYTES MIB RUNS; prints
 * "crc32c MBPS", "read MBPS" and "write MBPS" (10^6 bytes/s, the median of RUNS).
 */
public final class SingleCpuCeiling {

    public static void main(String[] args) throws IOException {
        Path source = Path.of(args[0]);
        Path target = Path.of(args[1]).resolve("ceiling.bin");
        int chunk = Integer.parseInt(args[2]);
        long bytes = Long.parseLong(args[3]) << 20;
        int runs = Integer.parseInt(args[4]);
        ByteBuffer buffer = ByteBuffer.allocateDirect(chunk);
        long chunks = Math.max(1, bytes / chunk);
        double[] crc = new double[runs];
        double[] read = new double[runs];
        double[] write = new double[runs];
        CRC32C sum = new CRC32C();
        long sink = 0;
        for (int run = 0; run < runs; run++) {
            long start = System.nanoTime();
            for (long i = 0; i < chunks; i++) {
                sum.reset();
                sum.update(buffer.clear());
                sink += sum.getValue();
            }
            crc[run] = rate(chunks * chunk, start);
            try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ)) {
                long readChunks = Math.min(chunks, in.size() / chunk);
                start = System.nanoTime();
                for (long i = 0; i < readChunks; i++) {
                    buffer.clear();
                    while (buffer.hasRemaining() && in.read(buffer, i * chunk + buffer.position()) > 0) {
                        sink += buffer.position();
                    }
                }
                read[run] = rate(readChunks * chunk, start);
            }
            Files.deleteIfExists(target);
            start = System.nanoTime();
            try (FileChannel out = FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                for (long i = 0; i < chunks; i++) {
                    buffer.clear();
                    while (buffer.hasRemaining()) {
                        out.write(buffer);
                    }
                }
            }
            write[run] = rate(chunks * chunk, start);
            Files.delete(target);
        }
        System.out.printf(Locale.ROOT, "crc32c %.1f%nread %.1f%nwrite %.1f%n", median(crc), median(read), median(write));
        if (sink == 42) {
            System.out.println();
        }
    }

    private static double rate(long bytes, long startNanos) {
        return bytes / ((System.nanoTime() - startNanos) / 1e9) / 1e6;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
