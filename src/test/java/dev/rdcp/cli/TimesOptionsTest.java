package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * -I and -O beside rsync: a pull from the daemon's served copy of src into rsync-DEST and
 * rdcp-DEST, the -i lines of the same runs compared.
 */
class TimesOptionsTest extends SideBySideTest {

    /** src: a, d/f, d/e/g, link -> a; everything dated {@link SideBySide#OLD}. */
    @BeforeEach
    void tree() throws Exception {
        SideBySide.write(sides.source, "a", 10);
        SideBySide.write(sides.source, "d/f", 20);
        SideBySide.write(sides.source, "d/e/g", 30);
        SideBySide.symlink(sides.source, "link", "a");
        SideBySide.datedDirectory(sides.source.resolve("d/e"));
        SideBySide.datedDirectory(sides.source.resolve("d"));
        SideBySide.datedDirectory(sides.source);
        Path exported = Files.createDirectories(sides.served.resolve("exported"));
        RsyncComparison.rsync(tmp, "-a", "src/", exported + "/");
    }

    /** -I sends files whose size and time match, which the quick check would skip. */
    @Test
    void ignoreTimesSendsWhatTheQuickCheckWouldSkip() throws Exception {
        sides.pullLines("-a");
        Object inode = Files.getAttribute(tmp.resolve("rdcp-p/d/f"), "unix:ino");

        List<List<String>> lines = sides.pullLines("-aIi");

        // A file sent keeps its dots where nothing else changed (an unchanged entry shows spaces).
        assertEquals(List.of(">f......... a", ">f......... d/e/g", ">f......... d/f"), lines.get(0));
        assertEquals(lines.get(0), lines.get(1));
        assertNotEquals(inode, Files.getAttribute(tmp.resolve("rdcp-p/d/f"), "unix:ino"), "written anew");
        assertEquals(List.of(), sides.pullLines("-ai").get(1), "without -I the same tree is up to date");
    }

    /**
     * -J leaves symlinks the time of the copy: a symlink whose time alone changed is no change, a
     * retargeted one shows 't', as rsync shows it.
     */
    @Test
    void omitLinkTimesLeavesSymlinksTheirOwnTime() throws Exception {
        sides.pullLines("-aJ");
        Path served = sides.served.resolve("exported/link");
        assertNotEquals(Files.getLastModifiedTime(served, java.nio.file.LinkOption.NOFOLLOW_LINKS),
                Files.getLastModifiedTime(tmp.resolve("rdcp-p/link"), java.nio.file.LinkOption.NOFOLLOW_LINKS));

        touchLink(served, "2023-05-06T07:08:09Z");
        List<List<String>> timeOnly = sides.pullLines("-aJi");
        assertEquals(List.of(), timeOnly.get(0));
        assertEquals(timeOnly.get(0), timeOnly.get(1));

        Files.delete(served);
        Files.createSymbolicLink(served, Path.of("d/f"));
        touchLink(served, "2023-05-06T07:08:09Z");
        SideBySide.datedDirectory(served.getParent());
        List<List<String>> retargeted = sides.pullLines("-aJi");
        assertEquals(List.of("cLc.t...... link -> d/f"), retargeted.get(0));
        assertEquals(retargeted.get(0), retargeted.get(1));
    }

    private static void touchLink(Path link, String instant) throws Exception {
        Process touch = new ProcessBuilder("touch", "-h", "-d", instant, link.toString()).inheritIO().start();
        assertEquals(0, touch.waitFor());
    }

    /** -O leaves directories the time of the copy, and -i shows no time change for them. */
    @Test
    void omitDirTimesLeavesDirectoriesTheirOwnTime() throws Exception {
        sides.pullLines("-aO");
        FileTime old = FileTime.from(SideBySide.OLD);
        assertNotEquals(old, Files.getLastModifiedTime(tmp.resolve("rdcp-p/d")));
        assertEquals(old, Files.getLastModifiedTime(tmp.resolve("rdcp-p/d/f")), "files keep theirs");

        Files.setLastModifiedTime(sides.served.resolve("exported/d"), FileTime.from(Instant.parse("2023-05-06T07:08:09Z")));
        List<List<String>> lines = sides.pullLines("-aOi");

        assertEquals(List.of(), lines.get(0));
        assertEquals(lines.get(0), lines.get(1));
        List<List<String>> without = sides.pullLines("-ai");
        assertEquals(List.of(".d..t...... ./", ".d..t...... d/", ".d..t...... d/e/"), without.get(0),
                "without -O each directory's time is a change");
        assertEquals(without.get(0), without.get(1));
    }

    /** Both destinations' a a fraction of a second off, and d/f one second off, the served tree's times. */
    private void offsetDestinationTimes() throws Exception {
        for (String side : List.of("rsync-p", "rdcp-p")) {
            Files.setLastModifiedTime(tmp.resolve(side + "/a"), FileTime.from(SideBySide.OLD.plusMillis(700)));
            Files.setLastModifiedTime(tmp.resolve(side + "/d/f"), FileTime.from(SideBySide.OLD.plusSeconds(1)));
        }
    }

    /**
     * The quick check compares whole seconds, as rsync's: a time a fraction of a second off is up
     * to date; --modify-window=1 takes a second apart as the same; -@-1 compares nanoseconds.
     */
    @Test
    void modifyWindowDecidesWhichTimesAreTheSame() throws Exception {
        sides.pullLines("-a");
        offsetDestinationTimes();
        List<List<String>> wholeSeconds = sides.pullLines("-ai", "--dry-run");
        assertEquals(List.of(">f..t...... d/f"), wholeSeconds.get(0));
        assertEquals(wholeSeconds.get(0), wholeSeconds.get(1));

        List<List<String>> window = sides.pullLines("-ai", "--modify-window=1");
        assertEquals(List.of(), window.get(0));
        assertEquals(window.get(0), window.get(1));

        offsetDestinationTimes();
        List<List<String>> nanoseconds = sides.pullLines("-ai", "-@", "-1");
        assertEquals(List.of(">f..t...... a", ">f..t...... d/f"), nanoseconds.get(0));
        assertEquals(nanoseconds.get(0), nanoseconds.get(1));
    }

    @Test
    void aModifyWindowThatIsNoNumberIsRsyncsUsageError() throws Exception {
        for (String value : List.of("abc", "99999999999")) {
            sides.assertUsageErrorAsRsync("-a", "--modify-window=" + value);
        }
    }
}
