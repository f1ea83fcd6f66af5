package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * a small file (packed), a large one (mapped and opened through libc) and a directory.
 */
@Tag("vm")
class RawNameCopyVmTest {

    private static final byte[] DIRECTORY = {'d', (byte) 0xe9, 'j', (byte) 0xe0};
    private static final byte[] SMALL = {'s', (byte) 0xff, '.', 't', 'x', 't'};
    private static final byte[] LARGE = {'l', (byte) 0xfe, (byte) 0x80, '.', 'b', 'i', 'n'};

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
        assertEquals(new TreeSet<>(List.of(hex(SMALL), hex(LARGE))), new TreeSet<>(names(inside)));
        assertArrayEquals(small, Files.readAllBytes(FileNames.resolve(inside, SMALL)));
        assertArrayEquals(large, Files.readAllBytes(FileNames.resolve(inside, LARGE)));
    }

    /** The raw names in {@code directory}, as hex so that a failure shows the bytes. */
    private static List<String> names(Path directory) throws Exception {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.map(p -> hex(FileNames.lastComponent(p))).sorted().toList();
        }
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
