package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * -U (--atimes) beside rsync 3.5: files and symlinks take the access time the sender listed,
 * directories do not; -i shows a changed one as {@code u}; -UU reads without touching the sources'.
 */
class AtimesOptionTest extends SideBySideTest {

    /** In microseconds: the JDK sets a symlink's times with lutimes. */
    private static final Instant READ = Instant.parse("2020-05-06T07:08:09.123456Z");
    private static final Instant EARLIER = Instant.parse("2001-01-01T00:00:00Z");

    private static void setAtime(Path path, Instant atime) throws IOException {
        Files.getFileAttributeView(path, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .setTimes(null, FileTime.from(atime), null);
    }

    private static Instant atime(Path path) throws IOException {
        return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).lastAccessTime()
                .toInstant();
    }

    private static long atimeSeconds(Path path) throws IOException {
        return atime(path).getEpochSecond();
    }

    /** A file, a directory and a symlink, each read last at {@link #READ}. */
    private void tree() throws IOException {
        SideBySide.write(sides.source, "f", 100);
        SideBySide.write(sides.source, "d/g", 200);
        SideBySide.symlink(sides.source, "l", "f");
        readAtREAD();
    }

    /** Every source's access time back to {@link #READ}: reading a symlink moves its own, O_NOATIME or not. */
    private void readAtREAD() throws IOException {
        for (String name : List.of("f", "d/g", "l", "d")) {
            setAtime(sides.source.resolve(name), READ);
        }
    }

    /**
     * rsync copying src/ into rsync-d/ and rdcp pushing it to the daemon's d/, both with
     * {@code options}, both succeeding, with rsync's output (returned) and rdcp's stdout the same. The trees
     * are compared by the caller once their access times are checked: reading a copy's data
     * would move its access time (under relatime, one set at or before its change time).
     */
    private String pushBoth(String... options) throws IOException, InterruptedException {
        Files.createDirectories(sides.served.resolve("rdcp"));
        List<String> rsyncArgs = new ArrayList<>(List.of(options));
        rsyncArgs.addAll(List.of("src/", "rsync-d/"));
        RsyncComparison.Run rsync = RsyncComparison.run(tmp, rsyncArgs.toArray(String[]::new));
        readAtREAD();
        List<String> rdcpArgs = new ArrayList<>(List.of(options));
        rdcpArgs.addAll(List.of(sides.source + "/", "127.0.0.1::rdcp/d/"));
        Cli.Result rdcp = sides.rdcp(rdcpArgs.toArray(String[]::new));

        assertEquals(0, rsync.exitCode(), rsync::output);
        assertEquals(0, rdcp.exitCode(), rdcp::toString);
        assertEquals(rsync.output(), rdcp.out(), rdcp::toString);
        return rsync.output();
    }

    /**
     * -UU as rsync's: files and symlinks get the source's access time (rsync's to the second,
     * rdcp's to the nanosecond), directories not; the sources are read with O_NOATIME, so theirs stay.
     */
    @Test
    void aPushGivesFilesAndSymlinksTheSendersAccessTimes() throws Exception {
        tree();

        pushBoth("-aUU");

        for (String name : List.of("f", "d/g", "l")) {
            assertEquals(READ.getEpochSecond(), atimeSeconds(tmp.resolve("rsync-d/" + name)), "rsync's " + name);
            assertEquals(READ, atime(sides.rdcpCopy("d/" + name)), name);
        }
        for (String name : List.of("f", "d/g")) {
            assertEquals(READ, atime(sides.source.resolve(name)), "the source's " + name + " read without O_NOATIME");
        }
        assertNotEquals(READ.getEpochSecond(), atimeSeconds(tmp.resolve("rsync-d/d")));
        assertNotEquals(READ.getEpochSecond(), atimeSeconds(sides.rdcpCopy("d/d")), "a directory's is not kept");
        RsyncComparison.assertSameTree(tmp.resolve("rsync-d"), sides.rdcpCopy("d"));
    }

    /** Without -UU the access time sent is the one listed, before reading the file moved it. */
    @Test
    void theAccessTimeSentIsTheOneListedBeforeTheFileWasRead() throws Exception {
        tree();
        Files.createDirectories(sides.served.resolve("rdcp"));

        Cli.Result result = sides.rdcp("-aU", sides.source + "/", "127.0.0.1::rdcp/d/");

        assertEquals(0, result.exitCode(), result::toString);
        assertEquals(READ, atime(sides.rdcpCopy("d/f")));
        assertEquals(READ, atime(sides.rdcpCopy("d/d/g")));
    }

    /** A file whose access time alone differs is rsync's {@code .f......u..}, and set; -n shows it and leaves it. */
    @Test
    void anAccessTimeAloneIsItemizedAsUAndSet() throws Exception {
        tree();
        pushBoth("-aUU");
        setAtime(tmp.resolve("rsync-d/d/g"), EARLIER);
        setAtime(sides.rdcpCopy("d/d/g"), EARLIER);
        setAtime(sides.rdcpCopy("d/l"), EARLIER);

        assertEquals(".f......u.. d/g\n", pushBoth("-aUUin", "--out-format=%i %n"));
        assertEquals(EARLIER, atime(sides.rdcpCopy("d/d/g")), "a dry run sets nothing");

        assertEquals(".f......u.. d/g\n", pushBoth("-aUUi", "--out-format=%i %n"));
        assertEquals(READ, atime(sides.rdcpCopy("d/d/g")));
        assertEquals(READ, atime(sides.rdcpCopy("d/l")), "a symlink's is set, though not itemized");
    }

    /** A pull's sender is the daemon: the request carries -U, and the pulled files get the served files' times. */
    @Test
    void aPullGetsTheServedFilesAccessTimes() throws Exception {
        tree();
        Path exported = sides.served.resolve("exported");
        RsyncComparison.rsync(tmp, "-aUU", "src/", exported + "/");

        RsyncComparison.rsync(tmp, "-aUU", exported + "/", "rsync-p/");
        Cli.Result result = sides.rdcp("-aUU", "127.0.0.1::exported/", tmp.resolve("rdcp-p") + "/");

        assertEquals(0, result.exitCode(), result::toString);
        for (String name : List.of("f", "d/g")) {
            Instant served = atime(exported.resolve(name));
            assertEquals(served.getEpochSecond(), atimeSeconds(tmp.resolve("rsync-p/" + name)), name);
            assertEquals(served, atime(tmp.resolve("rdcp-p/" + name)), name);
        }
    }

    /** As rsync, -U without -t sets the access times and leaves the modification time of the copy. */
    @Test
    void withoutTimesOnlyTheAccessTimeIsSet() throws Exception {
        tree();

        pushBoth("-rlUU");

        assertEquals(READ.getEpochSecond(), atimeSeconds(tmp.resolve("rsync-d/f")));
        assertEquals(READ, atime(sides.rdcpCopy("d/f")));
        assertNotEquals(SideBySide.OLD, Files.getLastModifiedTime(tmp.resolve("rsync-d/f")).toInstant());
        assertNotEquals(SideBySide.OLD, Files.getLastModifiedTime(sides.rdcpCopy("d/f")).toInstant());
    }
}
