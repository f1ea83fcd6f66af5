package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretsTest {

    private static final byte[] SECRET = "s3cret".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private Path secretFile(String permissions) throws Exception {
        Path file = Files.writeString(dir.resolve("secret"), "s3cret\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        return file;
    }

    @Test
    void anOwnerOnlyFileIsTaken() throws Exception {
        assertArrayEquals(SECRET, Secrets.readForDaemon(secretFile("rw-------"), true));
    }

    @Test
    void aFileGroupOrOthersMayReadIsRefused() throws Exception {
        for (String permissions : new String[] {"rw-r-----", "rw----r--", "rw-rw-rw-", "rw-----w-"}) {
            Path file = secretFile(permissions);
            RdcpException e = assertThrows(RdcpException.class, () -> Secrets.readForDaemon(file, true));
            assertEquals(ExitCode.FILE_SELECTION, e.exitCode());
            assertTrue(e.getMessage().contains("--no-strict-modes"), e.getMessage());
            assertTrue(e.getMessage().lines().count() == 1, e.getMessage());
        }
    }

    @Test
    void withoutStrictModesAnOpenFileIsTaken() throws Exception {
        assertArrayEquals(SECRET, Secrets.readForDaemon(secretFile("rw-r--r--"), false));
    }

    @Test
    void asRootAFileOwnedBySomeoneElseIsRefused() throws Exception {
        assumeTrue((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0, "needs root");
        Path file = secretFile("rw-------");
        Files.setAttribute(file, "unix:uid", 65534);
        RdcpException e = assertThrows(RdcpException.class, () -> Secrets.readForDaemon(file, true));
        assertTrue(e.getMessage().contains("owned by root"), e.getMessage());
        assertArrayEquals(SECRET, Secrets.readForDaemon(file, false));
    }
}
