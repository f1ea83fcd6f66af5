package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UpdateCheckTest {

    private static final long MTIME = 1_600_000_000L;

    @TempDir
    Path tmp;

    /** The receiver's file: {@code content}, modified at {@code seconds}. */
    private Path existing(String content, long seconds) throws Exception {
        Path path = Files.writeString(tmp.resolve("f"), content);
        Files.setLastModifiedTime(path, FileTime.from(Instant.ofEpochSecond(seconds)));
        return path;
    }

    /** The sender's listing of a file of {@code size} bytes modified at {@code seconds}. */
    private static Entry listed(long size, long seconds, byte[] extra) {
        return new Entry(0, EntryType.FILE, 0644, seconds, 0, size, 0, 0, "f".getBytes(StandardCharsets.UTF_8), extra);
    }

    private static Entry listed(long size, long seconds) {
        return listed(size, seconds, new byte[0]);
    }

    private Destination destination;

    @org.junit.jupiter.api.AfterEach
    void closeDestination() throws java.io.IOException {
        if (destination != null) {
            destination.close();
        }
    }

    /** The test directory as the receiver's destination, prepared. */
    private Destination destination() throws java.io.IOException {
        if (destination == null) {
            destination = Destination.of(tmp, true, null);
            destination.prepare(false);
        }
        return destination;
    }

    private byte[] local(Path path) {
        return tmp.relativize(path).toString().getBytes(StandardCharsets.UTF_8);
    }

    private boolean upToDate(long flags, Entry entry, Path path) throws Exception {
        return new UpdateCheck(TransferOptions.of(4096, flags), Heartbeat.NONE).examine(entry, destination(), local(path)).upToDate();
    }

    private static byte[] md5(String content) throws Exception {
        return MessageDigest.getInstance("MD5").digest(content.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aMissingFileIsSentAndHasNoAttributes() throws Exception {
        UpdateCheck.Verdict verdict = new UpdateCheck(TransferOptions.of(4096, 0), Heartbeat.NONE)
                .examine(listed(3, MTIME), destination(), local(tmp.resolve("absent")));
        assertFalse(verdict.upToDate());
        assertNull(verdict.attributes());
    }

    @Test
    void quickCheckSameSizeAndMtimeIsUpToDate() throws Exception {
        UpdateCheck.Verdict verdict = new UpdateCheck(TransferOptions.of(4096, 0), Heartbeat.NONE)
                .examine(listed(3, MTIME), destination(), local(existing("abc", MTIME)));
        assertTrue(verdict.upToDate());
        assertNotNull(verdict.attributes(), "the receiver's attributes, for fixing metadata");
    }

    @Test
    void quickCheckADifferentMtimeIsSent() throws Exception {
        assertFalse(upToDate(0, listed(3, MTIME + 1), existing("abc", MTIME)));
    }

    @Test
    void quickCheckADifferentSizeIsSent() throws Exception {
        assertFalse(upToDate(0, listed(4, MTIME), existing("abc", MTIME)));
    }

    @Test
    void sizeOnlyIgnoresTheMtimeButNotTheSize() throws Exception {
        Path path = existing("abc", MTIME);
        assertTrue(upToDate(SessionRequest.SIZE_ONLY, listed(3, MTIME + 500), path));
        assertFalse(upToDate(SessionRequest.SIZE_ONLY, listed(2, MTIME), path));
    }

    @Test
    void ignoreExistingSkipsAnyExistingFile() throws Exception {
        Path path = existing("abc", MTIME);
        assertTrue(upToDate(SessionRequest.IGNORE_EXISTING, listed(99, MTIME + 7), path));
        assertFalse(upToDate(SessionRequest.IGNORE_EXISTING, listed(99, MTIME), tmp.resolve("new")));
    }

    @Test
    void updateSkipsAFileNewerOnTheReceiver() throws Exception {
        Path path = existing("abc", MTIME + 60);
        assertTrue(upToDate(SessionRequest.UPDATE, listed(10, MTIME), path));
        assertFalse(upToDate(0, listed(10, MTIME), path), "without --update it is sent");
    }

    @Test
    void updateStillSendsAFileOlderOnTheReceiver() throws Exception {
        assertFalse(upToDate(SessionRequest.UPDATE, listed(3, MTIME + 60), existing("abc", MTIME)));
    }

    @Test
    void checksumSendsSameSizeAndMtimeWithDifferentContent() throws Exception {
        Path path = existing("abc", MTIME);
        assertTrue(upToDate(0, listed(3, MTIME, md5("xyz")), path), "the quick check alone is fooled");
        assertFalse(upToDate(SessionRequest.CHECKSUM, listed(3, MTIME, md5("xyz")), path));
    }

    @Test
    void checksumSkipsSameContentWhateverTheMtime() throws Exception {
        assertTrue(upToDate(SessionRequest.CHECKSUM, listed(3, MTIME + 999, md5("abc")), existing("abc", MTIME)));
    }

    @Test
    void checksumWithoutTheSendersDigestSends() throws Exception {
        assertFalse(upToDate(SessionRequest.CHECKSUM, listed(3, MTIME), existing("abc", MTIME)));
    }

    @Test
    void aSymlinkWhereTheFileGoesIsReplaced() throws Exception {
        Path target = existing("abc", MTIME);
        Path link = Files.createSymbolicLink(tmp.resolve("link"), target);
        assertFalse(upToDate(0, listed(3, MTIME), link));
    }

    @Test
    void anExistingDirectoryCannotBeOverwrittenByAFile() throws Exception {
        Path directory = Files.createDirectory(tmp.resolve("dir"));
        RdcpException e = assertThrows(RdcpException.class,
                () -> new UpdateCheck(TransferOptions.of(4096, 0), Heartbeat.NONE).examine(listed(3, MTIME), destination(), local(directory)));
        assertEquals(ExitCode.PARTIAL, e.exitCode());
    }

    @Test
    void ignoreExistingLeavesASymlinkAloneAndGivesNoAttributesToChange() throws Exception {
        Path target = Files.writeString(tmp.resolve("elsewhere"), "x");
        Path link = Files.createSymbolicLink(tmp.resolve("linked"), target);
        UpdateCheck.Verdict verdict = new UpdateCheck(TransferOptions.of(4096, SessionRequest.IGNORE_EXISTING),
                Heartbeat.NONE).examine(listed(1, MTIME), destination(), local(link));
        assertTrue(verdict.upToDate());
        assertNull(verdict.attributes(), "nothing may be applied through the link");
    }

    @Test
    void ignoreExistingSkipsAnExistingDirectoryQuietly() throws Exception {
        Path directory = Files.createDirectory(tmp.resolve("a-directory"));
        assertTrue(new UpdateCheck(TransferOptions.of(4096, SessionRequest.IGNORE_EXISTING), Heartbeat.NONE)
                .examine(listed(3, MTIME), destination(), local(directory)).upToDate());
    }
}
