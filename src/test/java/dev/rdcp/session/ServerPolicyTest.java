package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerPolicyTest {

    @TempDir
    Path tmp;

    Path root;
    Path outside;
    ServerPolicy daemon;

    @BeforeEach
    void setUp() throws Exception {
        root = Files.createDirectory(tmp.resolve("root"));
        outside = Files.createDirectory(tmp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "secret");
        Files.createDirectories(root.resolve("a/b"));
        daemon = ServerPolicy.daemon(root, false, null);
    }

    private void assertEscapes(String clientPath) {
        String shown = clientPath.replace("\0", "\\0");
        RdcpException e = assertThrows(RdcpException.class, () -> daemon.resolve(clientPath), shown);
        assertEquals(ExitCode.FILE_SELECTION, e.exitCode(), shown);
    }

    @Test
    void absoluteAndRelativeClientPathsBothResolveUnderTheRoot() throws Exception {
        assertEquals(root.resolve("a/b"), daemon.resolve("/a/b"));
        assertEquals(root.resolve("a/b"), daemon.resolve("a/b"));
        assertEquals(root.resolve("a/b"), daemon.resolve("//a/b"));
    }

    @Test
    void pathsThatDoNotExistYetResolveUnderTheRoot() throws Exception {
        assertEquals(root.resolve("a/b/new.bin"), daemon.resolve("/a/b/new.bin"));
        assertEquals(root.resolve("x/y/z"), daemon.resolve("x/y/z"));
    }

    @Test
    void theRootItselfIsReachable() throws Exception {
        assertEquals(root, daemon.resolve("/"));
        assertEquals(root, daemon.resolve("."));
    }

    @Test
    void relativeRootIsMadeAbsolute() throws Exception {
        Path relative = Path.of("").toAbsolutePath().relativize(root);
        ServerPolicy policy = ServerPolicy.daemon(relative, true, null);
        assertEquals(root.resolve("a"), policy.resolve("a"));
    }

    @Test
    void dotDotComponentsAreRejected() {
        assertEscapes("..");
        assertEscapes("/../outside/secret.txt");
        assertEscapes("a/../../outside");
        assertEscapes("a/b/../../..");
        // Even when it would stay inside, '..' is refused outright.
        assertEscapes("a/b/..");
    }

    @Test
    void dotsInsideNamesAreFine() throws Exception {
        assertEquals(root.resolve("..hidden"), daemon.resolve("..hidden"));
        assertEquals(root.resolve("a/file..txt"), daemon.resolve("a/file..txt"));
    }

    @Test
    void nulInAClientPathIsRefusedAsAFileSelectionError() {
        // A client controls these bytes: the policy must refuse them with its own error, not let
        // java.nio's unchecked InvalidPathException end the session without an ERROR reply.
        assertEscapes("a\0b");
    }

    @Test
    void symlinkInsideTheRootPointingOutsideIsRejected() throws Exception {
        Files.createSymbolicLink(root.resolve("escape"), outside);
        Files.createSymbolicLink(root.resolve("a/file-link"), outside.resolve("secret.txt"));
        assertEscapes("escape");
        assertEscapes("/escape/secret.txt");
        assertEscapes("escape/not-there-yet");
        assertEscapes("a/file-link");
    }

    /** The same answer whether or not what it leads to exists: the refusal tells nothing of what lies outside. */
    @Test
    void symlinkLeadingOutIsRefusedAlikeWhetherItsTargetExistsOrNot() throws Exception {
        Files.createSymbolicLink(root.resolve("there"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(root.resolve("missing"), outside.resolve("no-such-file"));
        Files.createSymbolicLink(root.resolve("a/climbing"), Path.of("../../outside/no-such-file"));
        Files.createSymbolicLink(root.resolve("a/via"), Path.of("climbing"));
        RdcpException there = assertThrows(RdcpException.class, () -> daemon.resolve("there"));
        RdcpException missing = assertThrows(RdcpException.class, () -> daemon.resolve("missing"));
        assertEquals(there.getMessage().replace("there", "NAME"), missing.getMessage().replace("missing", "NAME"));
        assertEscapes("a/climbing");
        assertEscapes("a/via");
        assertEscapes("missing/deeper");
    }

    @Test
    void aDanglingSymlinkInsideTheRootIsReachable() throws Exception {
        Files.createSymbolicLink(root.resolve("a/dangling"), Path.of("b/not-yet"));
        Files.createSymbolicLink(root.resolve("a/absolute-dangling"), root.resolve("not-yet/x"));
        assertEquals(root.resolve("a/dangling"), daemon.resolve("a/dangling"));
        assertEquals(root.resolve("a/absolute-dangling"), daemon.resolve("a/absolute-dangling"));
    }

    /** A loop is left to the lookup that meets it: nothing there leads out. */
    @Test
    void aSymlinkLoopInsideTheRootIsNotAnEscape() throws Exception {
        Files.createSymbolicLink(root.resolve("ping"), Path.of("pong"));
        Files.createSymbolicLink(root.resolve("pong"), Path.of("ping"));
        assertEquals(root.resolve("ping"), daemon.resolve("ping"));
    }

    @Test
    void symlinkStayingInsideTheRootIsAllowed() throws Exception {
        Files.createSymbolicLink(root.resolve("shortcut"), root.resolve("a/b"));
        assertEquals(root.resolve("shortcut/f"), daemon.resolve("shortcut/f"));
    }

    @Test
    void sshResolvesRelativeToTheBaseAndAllowsAbsolutePaths() throws Exception {
        ServerPolicy ssh = ServerPolicy.local(root, new byte[] {1, 2, 3}, false);
        assertEquals(root.resolve("a/b"), ssh.resolve("a/b"));
        assertEquals(outside.resolve("secret.txt"), ssh.resolve(outside.resolve("secret.txt").toString()));
        assertEquals(root.resolve("../outside"), ssh.resolve("../outside"));
    }
}
