package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.transfer.FileNames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names that are not valid UTF-8 (Latin-1 bytes, say) copied byte for byte, push and pull, for
 * a small file (packed), a large one (mapped and opened through libc), a directory, and a
 * symlink whose target is such a name.
 */
@Tag("vm")
class RawNameCopyVmTest {

    private static final byte[] DIRECTORY = {'d', (byte) 0xe9, 'j', (byte) 0xe0};
    private static final byte[] SMALL = {'s', (byte) 0xff, '.', 't', 'x', 't'};
    private static final byte[] LARGE = {'l', (byte) 0xfe, (byte) 0x80, '.', 'b', 'i', 'n'};
    private static final byte[] LINK = {'k', (byte) 0xf5};

    @TempDir
    Path dir;

    @Test
    void nonUtf8NamesArriveAsTheSameBytesBothWays() throws Exception {
        Path src = Files.createDirectories(dir.resolve("src"));
        Path inside = Files.createDirectory(FileNames.resolve(src, DIRECTORY));
        byte[] small = randomBytes(3000, 1);
        byte[] large = randomBytes(3 << 20, 2);
        Files.write(FileNames.resolve(inside, SMALL), small);
        Files.write(FileNames.resolve(inside, LARGE), large);
        try (DirectoryHandle directory = DirectoryHandle.open(inside, FileNames.absolute(inside))) {
            directory.symlink(LARGE, LINK);
        }
        Path root = Files.createDirectories(dir.resolve("root"));

        try (InProcessDaemon daemon = new InProcessDaemon(root, null, 120)) {
            JsonResult push = Cli.emulatedJson("-a", src + "/", daemon.url("pushed/"));
            assertEquals(2, push.number("transferred"), push::toString);
            assertSameFiles(root.resolve("pushed"), small, large);

            Path pulled = dir.resolve("pulled");
            JsonResult pull = Cli.emulatedJson("-a", daemon.url("pushed/"), pulled + "/");
            assertEquals(2, pull.number("transferred"), pull::toString);
            assertSameFiles(pulled, small, large);
        }
    }

    private static void assertSameFiles(Path top, byte[] small, byte[] large) throws Exception {
        assertEquals(List.of(hex(DIRECTORY)), names(top));
        Path inside = FileNames.resolve(top, DIRECTORY);
        assertEquals(new TreeSet<>(List.of(hex(SMALL), hex(LARGE), hex(LINK))), new TreeSet<>(names(inside)));
        assertEquals(hex(LARGE), hex(readlink(top)));
        assertArrayEquals(small, Files.readAllBytes(FileNames.resolve(inside, SMALL)));
        assertArrayEquals(large, Files.readAllBytes(FileNames.resolve(inside, LARGE)));
    }

    /** The raw names in {@code directory}, as hex so that a failure shows the bytes. */
    private static List<String> names(Path directory) throws Exception {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.map(p -> hex(FileNames.lastComponent(p))).sorted().toList();
        }
    }

    /**
     * The target of the one link {@code top}/DIRECTORY/k? as readlink(1) prints it, raw: found by
     * a glob in the C locale, because a Java string cannot carry the link's name to a process.
     */
    private static byte[] readlink(Path top) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("sh", "-c", "readlink -n -- \"$1\"/*/k?", "sh", top.toString());
        builder.environment().put("LC_ALL", "C");
        Process readlink = builder.start();
        byte[] target = readlink.getInputStream().readAllBytes();
        assertEquals(0, readlink.waitFor(), "readlink failed");
        return target;
    }

    private static String hex(byte[] name) {
        return HexFormat.of().formatHex(name);
    }

    private static byte[] randomBytes(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
