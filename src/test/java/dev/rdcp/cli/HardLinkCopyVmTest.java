package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** -H, as rsync: a file with several names is sent once and arrives with all its names linked. */
@Tag("vm")
class HardLinkCopyVmTest {

    @TempDir
    Path dir;

    private static Object inode(Path path) throws Exception {
        return Files.getAttribute(path, "unix:ino", LinkOption.NOFOLLOW_LINKS);
    }

    @Test
    void namesOfOneFileStayOneFileBothWaysAndOnlyWithH() throws Exception {
        Path src = dir.resolve("src");
        Files.createDirectories(src.resolve("sub"));
        Path big = Cli.randomFile(src.resolve("sub/big.bin"), 2 << 20, 3);
        Files.createLink(src.resolve("big-again.bin"), big);
        Path small = Files.writeString(src.resolve("small.txt"), "one file, three names");
        Files.createLink(src.resolve("sub/small-2.txt"), small);
        Files.createLink(src.resolve("z-small-3.txt"), small);
        Path root = Files.createDirectories(dir.resolve("root"));

        try (InProcessDaemon daemon = new InProcessDaemon(root, null, 120)) {
            JsonResult push = Cli.emulatedJson("-aH", src + "/", daemon.url("pushed/"));
            assertEquals(2, push.number("transferred"), push::toString);
            assertEquals(5, push.number("regular_files"), push::toString);
            Path pushed = root.resolve("pushed");
            assertLinked(pushed);

            JsonResult again = Cli.emulatedJson("-aH", src + "/", daemon.url("pushed/"));
            assertEquals(0, again.number("transferred"), again::toString);
            assertEquals(0, again.number("created"), again::toString);
            assertLinked(pushed);

            Path pulled = dir.resolve("pulled");
            JsonResult pull = Cli.emulatedJson("-aH", daemon.url("pushed/"), pulled + "/");
            assertEquals(2, pull.number("transferred"), pull::toString);
            assertLinked(pulled);

            JsonResult plain = Cli.emulatedJson("-a", src + "/", daemon.url("plain/"));
            assertEquals(5, plain.number("transferred"), "without -H every name is its own file");
            assertNotEquals(inode(root.resolve("plain/small.txt")), inode(root.resolve("plain/z-small-3.txt")));
        }
    }

    private void assertLinked(Path tree) throws Exception {
        Object bigInode = inode(tree.resolve("sub/big.bin"));
        assertEquals(bigInode, inode(tree.resolve("big-again.bin")));
        Object smallInode = inode(tree.resolve("small.txt"));
        assertEquals(smallInode, inode(tree.resolve("sub/small-2.txt")));
        assertEquals(smallInode, inode(tree.resolve("z-small-3.txt")));
        assertEquals("one file, three names", Files.readString(tree.resolve("sub/small-2.txt")));
        assertEquals(Cli.sha256(dir.resolve("src/sub/big.bin")), Cli.sha256(tree.resolve("big-again.bin")));
        assertEquals(3, Files.getAttribute(tree.resolve("small.txt"), "unix:nlink"));
    }
}
