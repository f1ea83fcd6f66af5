package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileNamesTest {

    private static final byte[] INVALID_UTF8 = {'x', (byte) 0xff, 'y'};
    private static final byte[] INVALID_WITH_PERCENT_AND_SPACE = {'5', '0', '%', ' ', (byte) 0xc3, '(', '+', '.', 't'};

    @TempDir
    Path tmp;

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The only entry of {@code directory}, as the JDK lists it. */
    private static Path onlyEntry(Path directory) throws Exception {
        try (Stream<Path> list = Files.list(directory)) {
            List<Path> all = list.toList();
            assertEquals(1, all.size(), all.toString());
            return all.get(0);
        }
    }

    private void assertRoundTrip(byte[] name) throws Exception {
        Path directory = Files.createTempDirectory(tmp, "d");
        RawNames.createFile(directory, name);
        Path resolved = FileNames.resolve(directory, name);
        assertTrue(Files.exists(resolved), "resolve finds the file " + FileNames.display(name));
        assertArrayEquals(name, FileNames.lastComponent(resolved), "from the resolved path");
        assertArrayEquals(name, FileNames.lastComponent(onlyEntry(directory)), "from a directory listing");
    }

    @Test
    void invalidUtf8BytesRoundTrip() throws Exception {
        assertRoundTrip(INVALID_UTF8);
    }

    @Test
    void invalidUtf8WithPercentSpaceAndPunctuationRoundTrips() throws Exception {
        assertRoundTrip(INVALID_WITH_PERCENT_AND_SPACE);
    }

    @Test
    void aNewlineInANameRoundTrips() throws Exception {
        assertRoundTrip(utf8("line\nbreak"));
    }

    @Test
    void spacesRoundTrip() throws Exception {
        assertRoundTrip(utf8(" two  spaces "));
    }

    @Test
    void unicodeRoundTrips() throws Exception {
        assertRoundTrip(utf8("\u65e5\u672c\u8a9e-\u00fc-\ud83d\ude80"));
    }

    @Test
    void aNestedNameWithInvalidBytesResolvesInsideItsDirectory() throws Exception {
        byte[] directoryName = {'d', (byte) 0xfe};
        RawNames.createDirectory(tmp, directoryName);
        byte[] nested = FileNames.join(directoryName, INVALID_UTF8);
        RawNames.createFile(tmp, nested);
        Path resolved = FileNames.resolve(tmp, nested);
        assertTrue(Files.isRegularFile(resolved));
        assertArrayEquals(INVALID_UTF8, FileNames.lastComponent(resolved));
        assertArrayEquals(directoryName, FileNames.lastComponent(resolved.getParent()));
    }

    @Test
    void dotResolvesToTheDirectoryItself() {
        assertEquals(tmp, FileNames.resolve(tmp, utf8(".")));
    }

    @Test
    void validNamesResolveLikeAPlainPath() {
        assertEquals(tmp.resolve("a/b c/d"), FileNames.resolve(tmp, utf8("a/b c/d")));
    }

    @Test
    void joinPutsASlashBetweenAndDropsTheTop() {
        assertArrayEquals(utf8("a"), FileNames.join(utf8("."), utf8("a")));
        assertArrayEquals(utf8("a/b/c"), FileNames.join(utf8("a/b"), utf8("c")));
        assertArrayEquals(new byte[] {'d', '/', (byte) 0xff}, FileNames.join(utf8("d"), new byte[] {(byte) 0xff}));
    }

    @Test
    void displayEscapesControlCharactersAsRsyncDoes() {
        assertEquals("a\\#012b", FileNames.display(utf8("a\nb")));
        assertEquals("\\#011tab\\#015", FileNames.display(utf8("\ttab\r")));
        assertEquals("del\\#177", FileNames.display(utf8("del\u007f")));
        assertEquals("\\#000", FileNames.display(new byte[] {0}));
    }

    /** As rsync in a UTF-8 locale: a byte that is not UTF-8 as its escape, one byte at a time, Unicode kept. */
    @Test
    void displayEscapesBytesThatAreNotUtf8AndKeepsUnicode() {
        assertEquals("x\\#377y", FileNames.display(INVALID_UTF8));
        assertEquals("tr\\#342\\#202x", FileNames.display(new byte[] {'t', 'r', (byte) 0xe2, (byte) 0x82, 'x'}));
        assertEquals("\u65e5\u672c \u00fc", FileNames.display(utf8("\u65e5\u672c \u00fc")));
    }

    /** A backslash that would read as the start of an escape is escaped, so that every escape stands for a byte. */
    @Test
    void displayEscapesABackslashThatLooksLikeAnEscape() {
        assertEquals("lit\\#134#101", FileNames.display(utf8("lit\\#101")));
        assertEquals("a\\b \\#12 \\#x12", FileNames.display(utf8("a\\b \\#12 \\#x12")));
        assertEquals("\\#134#351\\#351", FileNames.display(new byte[] {'\\', '#', '3', '5', '1', (byte) 0xe9}));
    }
}
