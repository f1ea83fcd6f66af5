package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Files on disk that are not in the page cache, for the tests of reads past it. */
public final class UncachedFiles {

    private UncachedFiles() {
    }

    /** Writes {@code content} to a new {@code file}, syncs it and drops it from the page cache. */
    public static Path write(Path file, byte[] content) throws IOException, InterruptedException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(content));
            channel.force(true);
        }
        drop(file);
        return file;
    }

    /** GNU dd's documented way to drop a whole file's clean pages from the page cache (POSIX_FADV_DONTNEED). */
    public static void drop(Path file) throws IOException, InterruptedException {
        Process dd = new ProcessBuilder("dd", "if=" + file, "iflag=nocache", "count=0", "status=none")
                .redirectErrorStream(true).start();
        assertEquals(0, dd.waitFor(), new String(dd.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    /** Whether most of {@code file} is out of the page cache (what makes the sender read past it). */
    public static boolean mostlyUncached(Path file) throws IOException {
        try (ReadOnlyFile open = ReadOnlyFile.open(file, file.toString().getBytes(StandardCharsets.UTF_8))) {
            return open.bypassCacheIfUncached(0, open.size());
        }
    }
}
