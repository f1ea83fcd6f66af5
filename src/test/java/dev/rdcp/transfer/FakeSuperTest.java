package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import dev.rdcp.protocol.SessionRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** rsync's user.rsync.%stat text: parsed strictly and bounded, written as rsync writes it, stored only where needed. */
class FakeSuperTest {

    @TempDir
    Path dir;

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void rsyncsValuesParseAndPrintBack() throws Exception {
        for (String value : List.of("100644 0,0 1234:5678", "20644 4,5 0:0", "60600 4095,1048575 0:0",
                "120777 0,0 4294967294:4294967294", "40755 0,0 0:0", "10644 0,0 0:0", "140755 0,0 0:0",
                "107777 0,0 1:2")) {
            assertEquals(value, new String(FakeSuper.parse(ascii(value)).text(), StandardCharsets.US_ASCII));
        }
        FakeSuper.Stat device = FakeSuper.parse(ascii("20644 259,70000 3:4"));
        assertEquals(259, FakeSuper.major(device.rdev()));
        assertEquals(70000, FakeSuper.minor(device.rdev()));
        assertEquals(3, device.uid());
        assertEquals(0, FakeSuper.parse(ascii("100644 0,0 0:0")).rdev());
    }

    @Test
    void anythingElseIsMalformed() {
        for (String value : List.of("", "garbage", "100644", "100644 0,0 0", "100644 0,0 0:", " 100644 0,0 0:0",
                "100644 0,0 0:0 ", "100644 0,0 0:0\n", "100644  0,0 0:0", "100644 +0,0 0:0", "100644 0,0 -1:0",
                "100644 0,0 4294967295:0", "100644 0,0 0:99999999999", "20644 4096,0 0:0", "20644 0,1048576 0:0",
                "644 0,0 0:0", "170644 0,0 0:0", "1100644 0,0 0:0", "100648 0,0 0:0", "100644 1,0 0:0",
                "10644 0,3 0:0", "100644 0x1,0 0:0", "100644 0,0 0:0:0", "0100644 0,0 0:0", "100644 00,0 0:0", "100644 0,0 01:0", "100644 0,0 0:" + "0".repeat(260))) {
            assertThrows(FakeSuper.MalformedValue.class, () -> FakeSuper.parse(ascii(value)), value);
        }
    }

    /** Random bytes, and random edits of a good value: parsed or refused, never anything else; what parses prints back. */
    @Test
    void arbitraryBytesAreParsedOrRefused() throws Exception {
        Random random = new Random(7);
        byte[] good = ascii("20644 4,5 1234:5678");
        for (int i = 0; i < 20_000; i++) {
            byte[] value = i % 2 == 0 ? new byte[random.nextInt(40)] : good.clone();
            if (i % 2 == 0) {
                random.nextBytes(value);
            } else {
                value[random.nextInt(value.length)] = (byte) random.nextInt(256);
            }
            try {
                FakeSuper.Stat stat = FakeSuper.parse(value);
                assertArrayEquals(value, stat.text(), new String(value, StandardCharsets.ISO_8859_1));
            } catch (FakeSuper.MalformedValue expected) {
                assertTrue(expected.line("x").startsWith("Corrupt user.rsync.%stat xattr attached to \"x\": \""));
            }
        }
    }

    @Test
    void devicesNumbersAreGlibcs() {
        assertEquals(0x0405, FakeSuper.makedev(4, 5));
        assertEquals(0xffffffffL, FakeSuper.makedev(0xfff, 0xfffff));
        for (int major : new int[] {0, 1, 8, 259, 4095}) {
            for (int minor : new int[] {0, 3, 255, 256, 70000, 1048575}) {
                long rdev = FakeSuper.makedev(major, minor);
                assertEquals(major, FakeSuper.major(rdev));
                assertEquals(minor, FakeSuper.minor(rdev));
            }
        }
    }

    private static FakeSuper enabled() {
        TransferOptions options = TransferOptions.of(1 << 20, SessionRequest.RECURSIVE);
        return FakeSuper.of(options.withFakeSuper(true));
    }

    /** As rsync's set_stat_xattr: nothing stored where the file is what the entry says, else the value, kept until it is again. */
    @Test
    void aValueIsStoredOnlyWhereTheFileDiffers() throws Exception {
        FakeSuper fake = enabled();
        assertFalse(FakeSuper.of(TransferOptions.of(1 << 20, 0)).enabled());
        Files.writeString(dir.resolve("f"), "x");
        try (DirectoryHandle base = DirectoryHandle.open(dir, ascii(dir.toString()));
                FileHandle file = base.openNode(ascii("f"))) {
            FileStatus real = file.status();
            assertFalse(fake.store(file, FileModes.S_IFREG, 0644, 0, real.uid(), real.gid()));
            assertNull(file.xattr(FakeSuper.NAME));

            assertTrue(fake.store(file, FileModes.S_IFCHR, 04640, FakeSuper.makedev(4, 5), 77, 88));
            assertEquals("24640 4,5 77:88", new String(file.xattr(FakeSuper.NAME), StandardCharsets.US_ASCII));
            assertEquals(0100640, file.status().mode() & 0177777, "no special bit, the owner's read and write");
            assertFalse(fake.store(file, FileModes.S_IFCHR, 04640, FakeSuper.makedev(4, 5), 77, 88), "unchanged");
            FileStatus seen = fake.seen(base, ascii("f"), base.status(ascii("f")));
            assertEquals(FileModes.S_IFCHR | 04640, seen.mode(), "the special bits in the value only");
            assertEquals(77, seen.uid());
            assertEquals(FakeSuper.makedev(4, 5), seen.rdev());

            assertTrue(fake.store(file, FileModes.S_IFREG, 0600, 0, real.uid(), real.gid()));
            assertNull(file.xattr(FakeSuper.NAME), "the file is what the entry says again");
        }
    }

    /** A receiver takes a malformed value of its own as none (the entry's then replaces it); a sender refuses it. */
    @Test
    void aMalformedValueHereIsSeenAsNone() throws Exception {
        FakeSuper fake = enabled();
        Files.writeString(dir.resolve("f"), "x");
        Files.createDirectory(dir.resolve("d"));
        try (DirectoryHandle base = DirectoryHandle.open(dir, ascii(dir.toString()));
                FileHandle file = base.openNode(ascii("f"));
                FileHandle directory = base.openNode(ascii("d"))) {
            file.setXattr(FakeSuper.NAME, ascii("40755 0,0 0:0"));
            directory.setXattr(FakeSuper.NAME, ascii("20644 1,3 0:0"));
            FileStatus real = file.status();
            assertEquals(real, fake.seen(base, ascii("f"), real));
            assertThrows(FakeSuper.MalformedValue.class, () -> FakeSuper.stored(file, real), "a file typed as a directory");
            assertThrows(FakeSuper.MalformedValue.class, () -> FakeSuper.stored(directory, directory.status()));
            assertTrue(fake.store(file, FileModes.S_IFREG, 0644, 0, 5, 6));
            assertEquals("100644 0,0 5:6", new String(file.xattr(FakeSuper.NAME), StandardCharsets.US_ASCII));
        }
    }

    @Test
    void aSymlinkKeptAsAFileHoldsItsTargetBounded() throws Exception {
        try (DirectoryHandle base = DirectoryHandle.open(dir, ascii(dir.toString()))) {
            FakeSuper.keepTarget(base, ascii("l"), ascii("../t"));
            assertEquals("../t", Files.readString(dir.resolve("l")));
            assertArrayEquals(ascii("../t"), FakeSuper.keptTarget(base, ascii("l"), base.status(ascii("l"))));
            assertThrows(IOException.class, () -> FakeSuper.keepTarget(base, ascii("n"), new byte[] {'a', 0}));
            assertThrows(IOException.class, () -> FakeSuper.keepTarget(base, ascii("e"), new byte[0]));
            Files.write(dir.resolve("big"), new byte[FakeSuper.MAX_TARGET + 1]);
            assertNull(FakeSuper.keptTarget(base, ascii("big"), base.status(ascii("big"))), "not a target: replaced");
            Files.write(dir.resolve("nul"), new byte[] {'a', 0, 'b'});
            assertNull(FakeSuper.keptTarget(base, ascii("nul"), base.status(ascii("nul"))));
        }
    }
}
