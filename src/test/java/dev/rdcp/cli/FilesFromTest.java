package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FilesFromTest {

    @TempDir
    Path tmp;

    @Test
    void linesAreCleanedAsRsyncCleansThem() throws IOException {
        Path list = Files.writeString(tmp.resolve("list"), "./a//b/c\r\n/abs/x\n\n# comment\n; too\ndir/\n./\n");
        assertEquals(List.of("./a/b/c", "abs/x", "dir/", "./"), FilesFrom.read(list, false, true));
    }

    /** "/./" marks where the kept path starts; each side is cleaned, and a marker after nothing is no marker. */
    @Test
    void aDotSlashMarkerIsKeptBetweenCleanedSides() throws IOException {
        Path list = Files.writeString(tmp.resolve("list"), "./a//b/./c\nx/y/../z/./w/\n././q\n/./r\nd/./\n");
        assertEquals(List.of("a/b/./c", "x/z/./w/", "q", "r", "d/././"), FilesFrom.read(list, false, true));
    }

    /** "dir/.." goes with the component before it; a ".." above the base stays, for the sender to refuse alone. */
    @Test
    void dotDotComponentsAreResolvedWithinTheName() {
        assertEquals("a", FilesFrom.clean("sub/../a"));
        assertEquals("x/z/", FilesFrom.clean("x/y/../z/"));
        assertEquals("./", FilesFrom.clean("sub/.."));
        assertEquals("../etc/hostname", FilesFrom.clean("../etc/hostname"));
        assertEquals("../../b", FilesFrom.clean("a/../../../b"));
    }

    /**
     * Under --no-R a name is cleaned as rsync's sanitize_path cleans it: "." and "/./" dropped, a
     * ".." with nothing before it dropped too, so the name stays beneath the base, and a name
     * ending at "." or ".." names a directory's contents.
     */
    @Test
    void withoutRelativeNamesAreSanitizedBeneathTheBase() throws IOException {
        assertEquals("d/sub/h", FilesFrom.withinBase("d/./sub/h"));
        assertEquals("f", FilesFrom.withinBase("./f"));
        assertEquals("top", FilesFrom.withinBase("../top"));
        assertEquals("top", FilesFrom.withinBase("a/../../top"));
        assertEquals("a/b/f", FilesFrom.withinBase("//a/./b/../b/f"));
        assertEquals("d/", FilesFrom.withinBase("d/sub/.."));
        assertEquals("d/", FilesFrom.withinBase("d/."));
        assertEquals("d/", FilesFrom.withinBase("d//"));
        assertEquals("./", FilesFrom.withinBase(".."));
        assertEquals("./", FilesFrom.withinBase("/"));
        assertEquals("./", FilesFrom.withinBase("d/.."));
        Path list = Files.writeString(tmp.resolve("list"), "./a//b/./c\n../x\n# comment\nd/./\n");
        assertEquals(List.of("a/b/c", "x", "d/"), FilesFrom.read(list, false, false));
    }

    /** A --no-R name is the source beneath the one SRC, whatever SRC ends with. */
    @Test
    void aNameWithoutRelativeIsTheSourceBeneathTheBase() {
        assertEquals("src/a/f", FilesFrom.beneath("src", "a/f"));
        assertEquals("src/a/f", FilesFrom.beneath("src/", "a/f"));
        assertEquals("/a/f", FilesFrom.beneath("/", "a/f"));
        assertEquals("module/./", FilesFrom.beneath("module", "./"));
        assertEquals("a/f", FilesFrom.beneath("", "a/f"));
    }

    /** A name that is not UTF-8 would become another name: the list is refused, saying where. */
    @Test
    void anEntryThatIsNotUtf8IsRefused() throws IOException {
        Path list = Files.write(tmp.resolve("list"), new byte[] {'a', '\n', 'd', (byte) 0xe9, '\n'});
        dev.rdcp.protocol.RdcpException e = org.junit.jupiter.api.Assertions.assertThrows(
                dev.rdcp.protocol.RdcpException.class, () -> FilesFrom.read(list, false, true));
        assertEquals(dev.rdcp.protocol.ExitCode.USAGE, e.exitCode());
        assertEquals("--files-from " + list + ": entry 2 is not valid UTF-8, which is how rdcp reads names", e.getMessage());
    }

    /** As rsync 3.5 reads the list: a lone '\r' ends an entry too, and an entry stops at a NUL. */
    @Test
    void aLoneCarriageReturnEndsAnEntry() throws IOException {
        byte[] list = "a\rb\r\nc\0ignored\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(List.of("a", "b", "c"), FilesFrom.read(list, "-", false, true));
    }

    @Test
    void from0SplitsOnNulAndKeepsNewlinesInNames() throws IOException {
        Path list = Files.writeString(tmp.resolve("list"), "./one\0./two\nlines\0./empty/\0#c\0");
        assertEquals(List.of("./one", "./two\nlines", "./empty/"), FilesFrom.read(list, true, true));
    }

    @Test
    void relativeSourcesSplitWhereRsyncSplitsThem() {
        assertEquals(new RelativeSource("/srv/data", "a/b/"), RelativeSource.of("/srv/data/./a/b/"));
        assertEquals(new RelativeSource("/", "srv/data"), RelativeSource.of("/srv/data"));
        assertEquals(new RelativeSource(".", "a/b"), RelativeSource.of("a/b"));
        assertEquals(new RelativeSource("/", "x"), RelativeSource.of("/./x"));
        assertEquals(new RelativeSource(".", "./a/b"), RelativeSource.of("./a/b"));
        assertEquals(new RelativeSource("d", "./"), RelativeSource.of("d/./"));
        assertEquals(new RelativeSource(".", "./"), RelativeSource.of("."));
        assertEquals(new RelativeSource("d", "./x"), RelativeSource.of("d/././x"));
    }
}
