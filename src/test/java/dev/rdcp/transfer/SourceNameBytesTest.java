package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.rdcp.posix.ReadOnlyFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A large source file is opened by libc, not by Java: the name handed over must be the raw bytes
 * on disk, also when they are not UTF-8 (Java's string form of such a name is lossy).
 */
class SourceNameBytesTest {

    @TempDir
    Path directory;

    @Test
    void aNonUtf8NameIsOpenedByItsRawBytes() throws Exception {
        byte[] name = {'b', 'i', 'g', (byte) 0xff, (byte) 0xfe, '.', 'b', 'i', 'n'};
        RawNames.createDirectory(directory, new byte[] {'d', (byte) 0xe9});
        byte[] relative = FileNames.join(new byte[] {'d', (byte) 0xe9}, name);
        RawNames.createFile(directory, relative);
        Path path = FileNames.resolve(directory, relative);
        Files.write(path, new byte[12345]);

        byte[] absolute = FileNames.absolute(path);
        byte[] expected = FileNames.join(directory.toAbsolutePath().toString().getBytes(), relative);
        assertArrayEquals(expected, absolute);
        assertFalse(Arrays.equals(absolute, path.toAbsolutePath().toString().getBytes(StandardCharsets.UTF_8)),
                "the string form of the name should have lost its raw bytes");
        try (ReadOnlyFile file = ReadOnlyFile.open(path, absolute)) {
            assertEquals(12345, file.size());
        }
    }
}
