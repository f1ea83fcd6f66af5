package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import dev.rdcp.posix.FileStatus;
import java.io.IOException;
import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.ReceiverSettings;
import dev.rdcp.protocol.SessionRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AttributesTest {

    @TempDir
    Path tmp;

    private static Entry file(int mode, long seconds, int nanos) {
        return new Entry(0, EntryType.FILE, mode, seconds, nanos, 1, 0, 0, "f".getBytes(StandardCharsets.UTF_8),
                new byte[0]);
    }

    /** Applies {@code entry} to {@code path} through a descriptor opened beneath the test directory. */
    private void apply(Attributes attributes, Path path, Entry entry) throws IOException {
        try (DirectoryHandle base = DirectoryHandle.open(tmp, FileNames.absolute(tmp));
                FileHandle node = base.openNode(tmp.relativize(path).toString().getBytes(StandardCharsets.UTF_8))) {
            attributes.apply(node, entry);
        }
    }

    @Test
    void theModeIsSetWithoutTheFileTypeBits() throws Exception {
        Path path = Files.writeString(tmp.resolve("f"), "x");
        apply(new Attributes(TransferOptions.of(4096, SessionRequest.PRESERVE_PERMISSIONS), null), path,
                file(0100751, 1_000, 0));
        assertEquals("rwxr-x--x", PosixFilePermissions.toString(Files.getPosixFilePermissions(path)));
    }

    @Test
    void onlyARootReceiverOutsideADaemonMakesDevices() throws Exception {
        TransferOptions options = TransferOptions.of(4096, SessionRequest.DEVICES);
        ProcessIdentity root = new ProcessIdentity(0, 0, 022, java.util.Set.of());
        assertTrue(new Attributes(options, null, root).makesDevices());
        Path target = Files.createDirectories(tmp.resolve("client"));
        assertTrue(new Attributes(options, Destination.of(target, true, null), root).makesDevices());
        assertFalse(new Attributes(options, null, new ProcessIdentity(1000, 1000, 022, java.util.Set.of())).makesDevices());
        Path served = Files.createDirectories(tmp.resolve("served/module"));
        assertFalse(new Attributes(options, Destination.of(served, true, tmp.resolve("served")), root).makesDevices(),
                "a daemon never makes device files");
    }

    private static final byte[] TRUSTED = "trusted.t".getBytes(StandardCharsets.UTF_8);

    @Test
    void superMakesAUserReceiverAttemptDevicesButNotADaemon() throws Exception {
        TransferOptions options = new TransferOptions(4096, TransferOptions.DEFAULT_SLOTS,
                SessionRequest.DEVICES | SessionRequest.XATTRS, 0,
                FilterRules.NONE, ReceiverSettings.NONE.withExtended(ExtendedOptions.NONE.with(ExtendedOptions.SUPER,
                        true)), ChmodRules.NONE);
        ProcessIdentity user = new ProcessIdentity(1000, 1000, 022, java.util.Set.of());
        assertTrue(new Attributes(options, null, user).makesDevices());
        assertTrue(new Attributes(options, null, user).xattrs().carries(TRUSTED),
                "every namespace, as root's");
        assertFalse(new Attributes(TransferOptions.of(4096, SessionRequest.XATTRS), null, user).xattrs()
                .carries(TRUSTED));
        Path served = Files.createDirectories(tmp.resolve("served/module"));
        assertFalse(new Attributes(options, Destination.of(served, true, tmp.resolve("served")), user).makesDevices(),
                "not on a daemon, --super or not");
    }

    @Test
    void mtimeKeepsNanoseconds() {
        assertEquals(Instant.ofEpochSecond(1_500_000_000L, 250_000_000),
                Attributes.mtime(file(0644, 1_500_000_000L, 250_000_000)).toInstant());
    }

    @Test
    void applySetsModeAndTimeWhenBothArePreserved() throws Exception {
        Path path = Files.writeString(tmp.resolve("f"), "x");
        Attributes attributes = new Attributes(TransferOptions.of(4096,
                SessionRequest.PRESERVE_TIMES | SessionRequest.PRESERVE_PERMISSIONS), null);
        apply(attributes, path, file(0640, 1_500_000_000L, 250_000_000));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(path)));
        assertEquals(Instant.ofEpochSecond(1_500_000_000L, 250_000_000), Files.getLastModifiedTime(path).toInstant());
    }

    @Test
    void applyWithoutFlagsChangesNothing() throws Exception {
        Path path = Files.writeString(tmp.resolve("f"), "x");
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
        FileTime before = Files.getLastModifiedTime(path);
        apply(new Attributes(TransferOptions.of(4096, 0), null), path, file(0777, 1_000, 0));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(path)));
        assertEquals(before, Files.getLastModifiedTime(path));
    }

    @Test
    void differSeesOnlyWhatIsPreserved() throws Exception {
        Path path = Files.writeString(tmp.resolve("f"), "x");
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-r--r--"));
        Files.setLastModifiedTime(path, FileTime.from(Instant.ofEpochSecond(2_000)));
        FileStatus existing = FileStatus.of(path, FileNames.absolute(path), false);
        Attributes times = new Attributes(TransferOptions.of(4096, SessionRequest.PRESERVE_TIMES), null);
        Attributes perms = new Attributes(TransferOptions.of(4096, SessionRequest.PRESERVE_PERMISSIONS), null);
        Attributes none = new Attributes(TransferOptions.of(4096, 0), null);

        assertFalse(times.differ(existing, file(0600, 2_000, 0)), "same time, mode not preserved");
        assertTrue(times.differ(existing, file(0644, 2_001, 0)));
        assertFalse(perms.differ(existing, file(0644, 9_999, 0)), "same mode, time not preserved");
        assertTrue(perms.differ(existing, file(0600, 2_000, 0)));
        assertFalse(none.differ(existing, file(0600, 9_999, 0)));
    }

    /** -E without -p: rsync's rule on the mode kept, execute following the sender's file; -p takes precedence. */
    @Test
    void executabilityChangesOnlyWhetherAFileIsExecutable() {
        Attributes executability = new Attributes(TransferOptions.of(4096, SessionRequest.EXECUTABILITY), null);
        assertEquals(0700, executability.mode(file(0755, 0, 0), 0600), "execute only where it can be read");
        assertEquals(0640, executability.mode(file(0644, 0, 0), 0751));
        assertEquals(0710, executability.mode(file(0700, 0, 0), 0710), "already executable: kept");
        Entry directory = new Entry(0, EntryType.DIRECTORY, 0755, 0, 0, 0, 0, 0, "d".getBytes(StandardCharsets.UTF_8),
                new byte[0]);
        assertEquals(0600, executability.mode(directory, 0600), "a directory keeps its mode");
        Attributes perms = new Attributes(TransferOptions.of(4096,
                SessionRequest.EXECUTABILITY | SessionRequest.PRESERVE_PERMISSIONS), null);
        assertEquals(0644, perms.mode(file(0644, 0, 0), 0751));
    }

    @Test
    void aSymlinksOwnTimeIsSetToTheNanosecondAndItsTargetsIsNot() throws Exception {
        Path target = Files.writeString(tmp.resolve("target"), "x");
        FileTime targetTime = FileTime.from(Instant.ofEpochSecond(1_000_000_000L));
        Files.setLastModifiedTime(target, targetTime);
        Path link = Files.createSymbolicLink(tmp.resolve("link"), Path.of("target"));
        Entry entry = new Entry(0, EntryType.SYMLINK, 0777, 1_600_000_000L, 123_456_789, 0, 0, 0,
                "link".getBytes(StandardCharsets.UTF_8), "target".getBytes(StandardCharsets.UTF_8));

        try (DirectoryHandle base = DirectoryHandle.open(tmp, FileNames.absolute(tmp))) {
            new Attributes(TransferOptions.of(4096, SessionRequest.PRESERVE_TIMES), null).applyToLink(base,
                    "link".getBytes(StandardCharsets.UTF_8), entry);
        }

        assertEquals(Instant.ofEpochSecond(1_600_000_000L, 123_456_789),
                Files.getLastModifiedTime(link, LinkOption.NOFOLLOW_LINKS).toInstant());
        assertEquals(targetTime, Files.getLastModifiedTime(target));
    }

    @Test
    void aMissingPathIsReportedByName() {
        Path missing = tmp.resolve("missing");
        java.nio.file.NoSuchFileException e = org.junit.jupiter.api.Assertions.assertThrows(
                java.nio.file.NoSuchFileException.class,
                () -> apply(new Attributes(TransferOptions.of(4096, SessionRequest.PRESERVE_TIMES), null), missing,
                        file(0644, 1_000, 0)));
        assertEquals(missing.toString(), e.getFile());
    }

    /** A daemon's root keeps its owner and mode whatever a client sends for "."; below it, they apply. */
    @Test
    void theServedRootKeepsItsOwnerAndMode() throws Exception {
        Path root = Files.createDirectory(tmp.resolve("root"));
        Path below = Files.createDirectory(root.resolve("below"));
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        Destination destination = Destination.of(root, true, root);
        Attributes attributes = new Attributes(TransferOptions.of(4096, SessionRequest.PRESERVE_PERMISSIONS
                | SessionRequest.OWNERS | SessionRequest.PRESERVE_TIMES), destination);
        Entry dot = new Entry(0, EntryType.DIRECTORY, 0777, 1_500_000_000L, 0, 0, 4321, 4321,
                ".".getBytes(StandardCharsets.UTF_8), new byte[0]);
        int ownerBefore = (Integer) Files.getAttribute(root, "unix:uid");
        apply(attributes, root, dot);
        apply(attributes, below, dot);
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(root)));
        assertEquals(ownerBefore, Files.getAttribute(root, "unix:uid"));
        assertEquals("rwxrwxrwx", PosixFilePermissions.toString(Files.getPosixFilePermissions(below)));
        if ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0) {
            assertEquals(4321, Files.getAttribute(below, "unix:uid"), "as root the owner applies below the root");
        }
        Path alias = Files.createSymbolicLink(tmp.resolve("alias"), root);
        try (DirectoryHandle aliased = DirectoryHandle.open(alias, FileNames.absolute(alias));
                FileHandle node = aliased.openNode(new byte[] {'.'})) {
            attributes.apply(node, dot);
        }
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(root)),
                "nor through another name");
    }
}
