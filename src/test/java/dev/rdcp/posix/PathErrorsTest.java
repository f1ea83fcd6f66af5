package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PathErrorsTest {

    @TempDir
    Path dir;

    /** The JDK's own file errors carry the path as their message: a line showed it twice and no reason. */
    @Test
    void theJdksFileErrorsGiveTheSystemsTextNotThePath() {
        IOException missing = assertThrowsIo(() -> Files.readString(dir.resolve("none")));
        assertEquals("No such file or directory", PathErrors.reason(missing));
        assertEquals("Permission denied", PathErrors.reason(new AccessDeniedException("/x")));
        assertEquals("Directory not empty", PathErrors.reason(new DirectoryNotEmptyException("/x")));
        assertEquals("No such file or directory", PathErrors.reason(new NoSuchFileException("/x")));
    }

    @Test
    void rdcpsOwnCarryTheirReason() {
        assertEquals("a symlink is in the way (Too many levels of symbolic links)",
                PathErrors.reason(PathErrors.of(Path.of("/x"), Errno.ELOOP)));
    }

    @Test
    void anExceptionWithoutMessageIsNamedByItsClass() {
        assertEquals("ClosedChannelException", PathErrors.reason(new ClosedChannelException()));
        assertEquals("disk on fire", PathErrors.reason(new IOException("disk on fire")));
    }

    private interface IoCall {
        void run() throws IOException;
    }

    private static IOException assertThrowsIo(IoCall call) {
        try {
            call.run();
        } catch (IOException e) {
            return e;
        }
        throw new AssertionError("no IOException");
    }
}
