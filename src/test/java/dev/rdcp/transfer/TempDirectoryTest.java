package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ReceiverSettings;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * --temp-dir on the receiving side: where the temporary file is, how it goes into place, what a
 * daemon refuses, and with --partial where an interrupted file goes and what a resumed one starts with.
 */
class TempDirectoryTest {

    private static final ReceivingFile.Finisher NOTHING = file -> {
    };

    @TempDir
    Path tmp;

    private static TransferOptions withTempDirectory(String directory) {
        return new TransferOptions(TransferOptions.MIN_CHUNK, TransferOptions.DEFAULT_SLOTS, 0, 0, FilterRules.NONE,
                ReceiverSettings.NONE.withExtended(ExtendedOptions.NONE.withTempDirectory(directory)), ChmodRules.NONE);
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> list = Files.list(directory)) {
            return list.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }

    /** Writes "hello" as {@code name} beneath the destination through {@code temp}, checking where it is meanwhile. */
    private void receive(Destination destination, TempDirectory temp, Path tempPath, String name) throws IOException {
        byte[] local = name.getBytes(StandardCharsets.UTF_8);
        Path into = tmp.resolve("dst");
        List<String> before = names(into);
        try (AtomicFile file = AtomicFile.create(destination.base(), local, temp, FileWrites.PLAIN)) {
            file.write(ByteBuffer.wrap("hello".getBytes(StandardCharsets.US_ASCII)), 0);
            assertEquals(tempPath, file.temp().getParent(), "written in the temp-dir");
            assertTrue(Files.exists(file.temp()));
            assertEquals(before, names(into), "nothing new in the destination while it is written");
            file.commit(written -> written.setMode(0640));
        }
        assertEquals("hello", Files.readString(into.resolve(name)));
        assertEquals(List.of(), names(tempPath), "nothing left in the temp-dir");
    }

    @Test
    void aRelativeTempDirIsTheDestinationsAndTheFileIsRenamedFromIt() throws Exception {
        Path scratch = Files.createDirectories(tmp.resolve("dst/scratch"));
        try (Destination destination = Destination.of(tmp.resolve("dst"), true, null);
                TempDirectory temp = new TempDirectory(withTempDirectory("scratch/"), Heartbeat.NONE)) {
            destination.prepare(false);
            temp.open(destination);
            receive(destination, temp, scratch, "a");
            assertEquals(List.of("a", "scratch"), names(tmp.resolve("dst")));
        }
    }

    /** On another mount the rename fails (EXDEV): the file is copied beside its name and renamed from there. */
    @Test
    void aTempDirOnAnotherMountIsCopiedFromWithTheMetadataKept() throws Exception {
        Path shm = Files.createTempDirectory(Path.of("/dev/shm"), "rdcp-temp-dir");
        try {
            assertNotEquals(Files.getFileStore(shm), Files.getFileStore(tmp), "/dev/shm is another mount here");
            Files.createDirectories(tmp.resolve("dst"));
            Files.writeString(tmp.resolve("dst/a"), "older");
            try (Destination destination = Destination.of(tmp.resolve("dst"), true, null);
                    TempDirectory temp = new TempDirectory(withTempDirectory(shm.toString()), Heartbeat.NONE)) {
                destination.prepare(false);
                temp.open(destination);
                receive(destination, temp, shm, "a");
            }
            assertEquals(List.of("a"), names(tmp.resolve("dst")), "no temporary copy left beside it");
            assertEquals("rw-r-----", java.nio.file.attribute.PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(tmp.resolve("dst/a"))));
        } finally {
            Files.deleteIfExists(shm);
        }
    }

    @Test
    void withoutATempDirTheTemporaryFileIsBesideTheFile() throws Exception {
        Files.createDirectories(tmp.resolve("dst"));
        try (Destination destination = Destination.of(tmp.resolve("dst"), true, null);
                TempDirectory temp = new TempDirectory(withTempDirectory(""), Heartbeat.NONE)) {
            destination.prepare(false);
            temp.open(destination);
            assertNull(temp.directory());
            try (AtomicFile file = AtomicFile.create(destination.base(), new byte[] {'a'}, temp, FileWrites.PLAIN)) {
                assertEquals(tmp.resolve("dst"), file.temp().getParent());
            }
        }
    }

    @Test
    void aMissingTempDirEndsTheTransferAsRsyncsUsageError() throws Exception {
        Files.createDirectories(tmp.resolve("dst"));
        Files.writeString(tmp.resolve("dst/file"), "");
        try (Destination destination = Destination.of(tmp.resolve("dst"), true, null)) {
            destination.prepare(false);
            for (String named : List.of("missing", "file")) {
                try (TempDirectory temp = new TempDirectory(withTempDirectory(named), Heartbeat.NONE)) {
                    RdcpException e = assertThrows(RdcpException.class, () -> temp.open(destination), named);
                    assertEquals(ExitCode.USAGE, e.exitCode());
                    assertTrue(e.getMessage().startsWith(named.equals("missing")
                            ? "The temp-dir does not exist: missing" : "The temp-dir cannot be used: file"), e.getMessage());
                }
            }
        }
    }

    /** A daemon resolves DIR beneath its root, an absolute one from the root, and refuses one that climbs out. */
    @Test
    void aDaemonKeepsTheTempDirBeneathItsRoot() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Path scratch = Files.createDirectories(root.resolve("scratch"));
        Files.createDirectories(tmp.resolve("outside"));
        Path into = Files.createDirectories(root.resolve("d"));
        try (Destination destination = Destination.of(into, true, root)) {
            destination.prepare(false);
            for (String escaping : List.of("../../outside", "/../outside", "../../root/../outside")) {
                RdcpException e = assertThrows(RdcpException.class, () -> destination.requireInside(
                        ExtendedOptions.NONE.withTempDirectory(escaping)), escaping);
                assertEquals(ExitCode.FILE_SELECTION, e.exitCode());
                assertEquals("--temp-dir " + escaping + " escapes the served directory", e.getMessage());
            }
            for (String inside : List.of("/scratch", "../scratch", "../d/../scratch")) {
                destination.requireInside(ExtendedOptions.NONE.withTempDirectory(inside));
                try (TempDirectory temp = new TempDirectory(withTempDirectory(inside), Heartbeat.NONE)) {
                    temp.open(destination);
                    temp.directory().create(new byte[] {'p'}, true, 0600).close();
                    assertTrue(Files.deleteIfExists(scratch.resolve("p")), inside + " is the root's scratch");
                }
            }
            Files.createSymbolicLink(root.resolve("out"), tmp.resolve("outside"));
            try (TempDirectory temp = new TempDirectory(withTempDirectory("/out"), Heartbeat.NONE)) {
                assertThrows(IOException.class, () -> temp.open(destination), "a symlink out is not followed");
            }
        }
    }

    /**
     * A daemon's temp-dir is held by its descriptor from the start: renamed away and replaced by
     * a symlink leading out of the root meanwhile, the file is still written in the directory
     * opened, and nothing is written, made or left outside.
     */
    @Test
    void aTempDirSwappedForASymlinkOutAfterItWasOpenedIsNotFollowed() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Path scratch = Files.createDirectories(root.resolve("scratch"));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Path into = Files.createDirectories(root.resolve("d"));
        try (Destination destination = Destination.of(into, true, root);
                TempDirectory temp = new TempDirectory(withTempDirectory("/scratch"), Heartbeat.NONE)) {
            destination.prepare(false);
            destination.requireInside(ExtendedOptions.NONE.withTempDirectory("/scratch"));
            temp.open(destination);
            Path moved = Files.move(scratch, root.resolve("moved"));
            Files.createSymbolicLink(scratch, outside);
            try (AtomicFile file = AtomicFile.create(destination.base(), new byte[] {'a'}, temp, FileWrites.PLAIN)) {
                file.write(ByteBuffer.wrap("hello".getBytes(StandardCharsets.US_ASCII)), 0);
                assertEquals(List.of(), names(outside), "nothing made through the symlink");
                assertEquals(1, names(moved).size(), "written in the directory opened");
                file.commit(written -> written.setMode(0600));
            }
            assertEquals(List.of(), names(moved));
        }
        assertEquals("hello", Files.readString(into.resolve("a")));
        assertEquals(List.of(), names(outside));
    }

    private static ByteBuffer ascii(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
    }

    private static AtomicFile partial(Destination destination, TempDirectory temp, long keep, String partialDirectory)
            throws IOException {
        return AtomicFile.partial(destination.base(), new byte[] {'f'}, keep,
                partialDirectory.getBytes(StandardCharsets.US_ASCII), temp, FileWrites.PLAIN);
    }

    /** The temp-dir: in the destination's file system, or on /dev/shm, another mount, for rename's EXDEV. */
    private Path scratch(boolean otherMount) throws IOException {
        if (!otherMount) {
            return Files.createDirectories(tmp.resolve("scratch"));
        }
        Path shm = Files.createTempDirectory(Path.of("/dev/shm"), "rdcp-temp-dir");
        assertNotEquals(Files.getFileStore(shm), Files.getFileStore(tmp), "/dev/shm is another mount here");
        return shm;
    }

    /**
     * As rsync: with --partial the file is written in the temp-dir; closed unfinished it goes to
     * its partial name (its --partial-dir made then, owner-only), across mounts as a copy with no
     * temporary left beside it, and nothing stays in the temp-dir. A later run starts from the
     * kept prefix, in the temp-dir again, and once the file is in place the partial file goes.
     */
    @ParameterizedTest(name = "partial-dir \"{0}\", other mount {1}")
    @CsvSource({"'', false", "'', true", ".pd, false", ".pd, true"})
    void anInterruptedFileGoesFromTheTempDirToItsPartialNameAndIsResumedThere(String partialDirectory,
            boolean otherMount) throws Exception {
        Path into = Files.createDirectories(tmp.resolve("dst"));
        Path scratch = scratch(otherMount);
        Path kept = into.resolve(partialDirectory.isEmpty() ? ".f" + AtomicFile.PARTIAL_SUFFIX : partialDirectory + "/f");
        try (Destination destination = Destination.of(into, true, null);
                TempDirectory temp = new TempDirectory(withTempDirectory(scratch.toString()), Heartbeat.NONE)) {
            destination.prepare(false);
            temp.open(destination);
            try (AtomicFile file = partial(destination, temp, 0, partialDirectory)) {
                file.write(ascii("0123456789"), 0);
                assertEquals(scratch, file.temp().getParent(), "written in the temp-dir");
                assertEquals(List.of(), names(into), "nothing in the destination while it is written");
            }
            assertEquals("0123456789", Files.readString(kept));
            assertEquals(List.of(kept.getFileName().toString()), names(kept.getParent()), "no temporary left beside it");
            assertEquals(List.of(), names(scratch), "nothing left in the temp-dir");
            if (!partialDirectory.isEmpty()) {
                assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(kept.getParent())));
            }

            try (AtomicFile file = partial(destination, temp, 4, partialDirectory)) {
                assertEquals(scratch, file.temp().getParent(), "resumed in the temp-dir");
                assertEquals("0123", Files.readString(file.temp()), "from the kept prefix");
                file.write(ascii("wxyz"), 4);
                file.commit(NOTHING);
            }
            assertEquals(List.of(), names(scratch), "nothing left in the temp-dir");
        } finally {
            if (otherMount) {
                Files.deleteIfExists(scratch);
            }
        }
        assertEquals("0123wxyz", Files.readString(into.resolve("f")));
        assertEquals(List.of("f"), names(into), "the partial file (and its emptied directory) gone");
    }

    /** As rsync, which keeps a file only once data came: a file stopped before any came leaves the partial file as it was. */
    @Test
    void aFileStoppedBeforeMoreCameLeavesThePartialFileAsItWas() throws Exception {
        Path into = Files.createDirectories(tmp.resolve("dst"));
        Path scratch = scratch(false);
        Path kept = Files.writeString(into.resolve(".f" + AtomicFile.PARTIAL_SUFFIX), "ABCDEFGHIJ");
        try (Destination destination = Destination.of(into, true, null);
                TempDirectory temp = new TempDirectory(withTempDirectory(scratch.toString()), Heartbeat.NONE)) {
            destination.prepare(false);
            temp.open(destination);
            partial(destination, temp, 4, "").close();
            assertEquals("ABCDEFGHIJ", Files.readString(kept));
            partial(destination, temp, 0, ".pd").close();
        }
        assertEquals(List.of(kept.getFileName().toString()), names(into), "no partial directory made for nothing");
        assertEquals(List.of(), names(scratch));
    }

    /**
     * Across mounts the interrupted file is copied to a temporary name beside its partial name
     * and renamed: a copy cut short (here the destination's file system is full) never holds the
     * partial name, so the partial file from before stays whole, and nothing is left beside it
     * or in the temp-dir.
     */
    @Test
    void aCopyToThePartialNameCutShortLeavesThePartialFileFromBefore() throws Exception {
        Path into = Files.createDirectories(tmp.resolve("small"));
        Path scratch = scratch(true);
        mount(into, "size=2m");
        try {
            byte[] before = new byte[1 << 20];
            new Random(7).nextBytes(before);
            Path kept = Files.write(into.resolve(".f" + AtomicFile.PARTIAL_SUFFIX), before);
            try (Destination destination = Destination.of(into, true, null);
                    TempDirectory temp = new TempDirectory(withTempDirectory(scratch.toString()), Heartbeat.NONE)) {
                destination.prepare(false);
                temp.open(destination);
                AtomicFile file = partial(destination, temp, before.length, "");
                file.write(ByteBuffer.allocateDirect(2 << 20), before.length);
                IOException full = assertThrows(IOException.class, file::close);
                assertTrue(full.getMessage().contains("No space left on device"), full.toString());
            }
            assertArrayEquals(before, Files.readAllBytes(kept), "the partial file from before, whole");
            assertEquals(List.of(kept.getFileName().toString()), names(into), "no temporary left beside it");
            assertEquals(List.of(), names(scratch), "nothing left in the temp-dir");
        } finally {
            run("umount", into.toString());
            Files.deleteIfExists(scratch);
        }
    }

    private static void mount(Path at, String options) throws Exception {
        run("mount", "-t", "tmpfs", "-o", options, "tmpfs", at.toString());
    }

    private static void run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), String.join(" ", command) + ": " + output);
    }
}
