package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.jna.LibC;
import dev.rdcp.posix.jna.RdcpPosix;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shim's directory reading, in batches as small as one record, as a file system may return them. */
class ReadNamesTest {

    /** One record of a one-letter name: getdents64's 19-byte header, the name and its NUL, 8-aligned. */
    private static final int ONE_RECORD = 24;

    @Test
    void aBatchOfOnlyDotsIsNotTheEnd(@TempDir Path dir) throws IOException {
        for (String name : List.of("a", "b", "c")) {
            Files.writeString(dir.resolve(name), name);
        }
        int fd = LibC.open(CStrings.of(dir.toString().getBytes(StandardCharsets.UTF_8)),
                LibC.O_RDONLY | LibC.O_DIRECTORY | LibC.O_CLOEXEC);
        assertTrue(fd >= 0, "open " + dir);
        List<String> names = new ArrayList<>();
        try {
            byte[] buffer = new byte[ONE_RECORD];
            for (int used; (used = RdcpPosix.rdcp_read_names(fd, buffer, buffer.length)) != 0; ) {
                assertTrue(used > 0, "errno " + -used);
                names.add(new String(buffer, 0, used - 1, StandardCharsets.UTF_8));
            }
        } finally {
            LibC.close(fd);
        }
        assertEquals(List.of("a", "b", "c"), names.stream().sorted().toList());
    }
}
