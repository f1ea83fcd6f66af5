package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.transfer.SourceFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceListTest {

    @TempDir
    Path tmp;

    private static String name(SourceFile file) {
        return new String(file.name(), StandardCharsets.UTF_8);
    }

    @Test
    void regularFilesAreKeptUnderTheirFileName() throws Exception {
        Path a = Files.writeString(tmp.resolve("a.txt"), "hello");
        Path sub = Files.createDirectory(tmp.resolve("sub"));
        Path b = Files.write(sub.resolve("b.bin"), new byte[1000]);
        SourceList list = SourceList.collect(List.of(a, b));
        assertEquals(List.of(), list.problems());
        assertEquals(2, list.files().size());
        assertArrayEquals("a.txt".getBytes(StandardCharsets.UTF_8), list.files().get(0).name());
        assertEquals("b.bin", name(list.files().get(1)));
        assertEquals(a, list.files().get(0).path());
        assertEquals(5, list.files().get(0).size());
        assertEquals(1000, list.files().get(1).size());
    }

    @Test
    void nameIsTheLastComponentOfTheNormalizedPath() throws Exception {
        Files.createDirectory(tmp.resolve("d"));
        Files.writeString(tmp.resolve("f"), "x");
        SourceList list = SourceList.collect(List.of(tmp.resolve("d/../f"), tmp.resolve("./f")));
        assertEquals(List.of(), list.problems());
        assertEquals("f", name(list.files().get(0)));
        assertEquals("f", name(list.files().get(1)));
    }

    @Test
    void modeAndMtimeAreRead() throws Exception {
        Path file = Files.writeString(tmp.resolve("m"), "x");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-x---"));
        Files.setLastModifiedTime(file, FileTime.from(Instant.ofEpochSecond(1_234_567_890L, 500_000_000)));
        SourceFile source = SourceList.collect(List.of(file)).files().get(0);
        assertEquals(0750, source.mode());
        assertEquals(1_234_567_890L, source.mtimeSeconds());
        assertEquals(500_000_000, source.mtimeNanos());
    }

    @Test
    void missingFileIsOneProblemAndNoFile() {
        Path missing = tmp.resolve("missing");
        SourceList list = SourceList.collect(List.of(missing));
        assertEquals(List.of(), list.files());
        assertEquals(1, list.problems().size());
        assertTrue(list.problems().get(0).contains("missing"), list.problems().get(0));
        assertTrue(list.problems().get(0).contains("no such file"), list.problems().get(0));
    }

    @Test
    void directoryIsOneProblemAndNoFile() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("adir"));
        SourceList list = SourceList.collect(List.of(dir));
        assertEquals(List.of(), list.files());
        assertEquals(1, list.problems().size());
        assertTrue(list.problems().get(0).contains("adir"), list.problems().get(0));
    }

    @Test
    void fifoIsOneProblemAndNoFile() throws Exception {
        Path fifo = tmp.resolve("pipe");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertTrue(mkfifo.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, mkfifo.exitValue());
        SourceList list = SourceList.collect(List.of(fifo));
        assertEquals(List.of(), list.files());
        assertEquals(1, list.problems().size());
        assertTrue(list.problems().get(0).contains("pipe"), list.problems().get(0));
    }

    @Test
    void goodFilesSurviveAmongProblems() throws Exception {
        Path good = Files.writeString(tmp.resolve("good"), "ok");
        Path dir = Files.createDirectory(tmp.resolve("dir"));
        SourceList list = SourceList.collect(List.of(tmp.resolve("gone"), good, dir));
        assertEquals(1, list.files().size());
        assertEquals("good", name(list.files().get(0)));
        assertEquals(2, list.problems().size());
    }

    @Test
    void symlinkToAFileIsSentUnderTheLinkName() throws Exception {
        Path target = Files.writeString(tmp.resolve("target.txt"), "abc");
        Path link = Files.createSymbolicLink(tmp.resolve("alias.txt"), target);
        SourceList list = SourceList.collect(List.of(link));
        assertEquals(List.of(), list.problems());
        assertEquals("alias.txt", name(list.files().get(0)));
        assertEquals(3, list.files().get(0).size());
    }
}
