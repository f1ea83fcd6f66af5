package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MungedLinksTest {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static Entry symlink(byte[] name, byte[] target) {
        return new Entry(3, EntryType.SYMLINK, 0777, 1, 2, target.length, 0, 0, name, target);
    }

    @Test
    void mungingPrefixesEveryTargetAndUnmungingTakesOffOnlyAFullPrefix() {
        assertArrayEquals(bytes("/rsyncd-munged//etc/passwd"), MungedLinks.munged(bytes("/etc/passwd")));
        assertArrayEquals(bytes("/rsyncd-munged/x"), MungedLinks.munged(bytes("x")));
        assertArrayEquals(bytes("etc/passwd"), MungedLinks.unmunged(bytes("/rsyncd-munged/etc/passwd")));
        assertArrayEquals(bytes("/etc"), MungedLinks.unmunged(MungedLinks.munged(bytes("/etc"))));
        for (String kept : new String[] {"/rsyncd-munged/", "/rsyncd-munged", "/rsyncd-mungedX", "rsyncd-munged/x", "a"}) {
            assertArrayEquals(bytes(kept), MungedLinks.unmunged(bytes(kept)), kept);
        }
    }

    @Test
    void aReceiverMungesSymlinkEntriesOnly() {
        Entry link = symlink(bytes("l"), bytes("t"));
        Entry file = new Entry(4, EntryType.FILE, 0644, 1, 2, 5, 0, 0, bytes("f"), new byte[0]);

        Entry munged = MungedLinks.munged(link);

        assertArrayEquals(bytes("/rsyncd-munged/t"), munged.extra());
        assertEquals(EntryType.SYMLINK, munged.type());
        assertEquals(3, munged.index());
        assertSame(file, MungedLinks.munged(file));
    }

    /** An entry whose munged target no longer fits one message fails alone, its link never made unmunged. */
    @Test
    void aSymlinkTooLongToMungeBecomesAProblem() {
        byte[] name = new byte[Entry.MAX_VARIABLE - 4000];
        Arrays.fill(name, (byte) 'n');
        byte[] target = new byte[4000];
        Arrays.fill(target, (byte) 't');

        Entry munged = MungedLinks.munged(symlink(name, target));

        assertEquals(EntryType.PROBLEM, munged.type());
        assertEquals(23, munged.mode());
        assertTrue(new String(munged.extra(), StandardCharsets.UTF_8).startsWith("symlink nnn"));
    }

    @Test
    void mungingIsUnsafeWhereAnRsyncdMungedDirectoryOrALinkToOneExists(@TempDir Path root) throws Exception {
        assertFalse(MungedLinks.unsafeUnder(root));
        Files.writeString(root.resolve("rsyncd-munged"), "a file");
        assertFalse(MungedLinks.unsafeUnder(root));
        Files.delete(root.resolve("rsyncd-munged"));
        Files.createDirectory(root.resolve("elsewhere"));
        Files.createSymbolicLink(root.resolve("rsyncd-munged"), Path.of("elsewhere"));
        assertTrue(MungedLinks.unsafeUnder(root));
    }
}
