package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.jna.Native;
import dev.rdcp.posix.jna.LibC;
import dev.rdcp.posix.jna.RdcpPosix;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The errno table against Linux's numbers and the C library's own failures, and its text under threads. */
class ErrnoTest {

    private static final int THREADS = 8;
    private static final int CALLS_PER_THREAD = 2000;

    @TempDir
    Path tmp;

    @Test
    void theValuesAreLinuxsAsTheShimExportsThem() {
        assertEquals(1, Errno.EPERM);
        assertEquals(2, Errno.ENOENT);
        assertEquals(12, Errno.ENOMEM);
        assertEquals(13, Errno.EACCES);
        assertEquals(38, Errno.ENOSYS);
        assertEquals(110, Errno.ETIMEDOUT);
    }

    @Test
    void aFailedLibcCallSetsTheTablesValue() {
        byte[] missing = CStrings.of(tmp.resolve("missing").toString().getBytes(StandardCharsets.UTF_8));
        assertEquals(-1, LibC.open(missing, LibC.O_RDONLY | LibC.O_CLOEXEC));
        assertEquals(Errno.ENOENT, Native.getLastError());
        long[] fields = new long[RdcpPosix.RDCP_STATUS_FIELDS];
        assertEquals(-Errno.ENOENT, RdcpPosix.rdcp_file_status(missing, 0, fields));
    }

    @Test
    void textIsTheCLibrarysMessage() {
        assertEquals("No such file or directory", Errno.text(Errno.ENOENT));
        assertEquals("Connection timed out", Errno.text(Errno.ETIMEDOUT));
        assertEquals("Unknown error 4321", Errno.text(4321));
        assertEquals("Cannot allocate memory (errno 12)", Errno.describe(Errno.ENOMEM));
    }

    /**
     * Unknown errnos are the case strerror formats into a buffer, which POSIX lets it share
     * between threads (glibc 2.36's is per thread, so this guards the shim, not glibc); each
     * thread asks for its own numbers and must read back exactly those.
     */
    @Test
    void textIsRightFromManyThreadsAtOnce() throws Exception {
        CyclicBarrier start = new CyclicBarrier(THREADS);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                Callable<Integer> asker = () -> {
                    start.await();
                    int wrong = 0;
                    for (int i = 0; i < CALLS_PER_THREAD; i++) {
                        int errno = 10_000 + thread * CALLS_PER_THREAD + i;
                        if (!Errno.text(errno).equals("Unknown error " + errno)) {
                            wrong++;
                        }
                        if (!Errno.text(Errno.EACCES).equals("Permission denied")) {
                            wrong++;
                        }
                    }
                    return wrong;
                };
                results.add(pool.submit(asker));
            }
            for (Future<Integer> result : results) {
                assertEquals(0, result.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void errnoExceptionNamesTheCallAndTheText() {
        ErrnoException e = ErrnoException.of("getpwnam_r(x)", Errno.ENOMEM);
        assertEquals("getpwnam_r(x) failed: Cannot allocate memory (errno 12)", e.getMessage());
        assertEquals(Errno.ENOMEM, e.errno());
    }
}
