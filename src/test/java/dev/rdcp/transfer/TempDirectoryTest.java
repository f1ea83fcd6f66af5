package dev.rdcp.transfer;

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
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --temp-dir on the receiving side: where the temporary file is, how it goes into place, and what a daemon refuses. */
class TempDirectoryTest {

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
                TempDirectory temp = new TempDirectory(withTempDirectory("scratch/"))) {
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
                    TempDirectory temp = new TempDirectory(withTempDirectory(shm.toString()))) {
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
                TempDirectory temp = new TempDirectory(withTempDirectory(""))) {
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
                try (TempDirectory temp = new TempDirectory(withTempDirectory(named))) {
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
                try (TempDirectory temp = new TempDirectory(withTempDirectory(inside))) {
                    temp.open(destination);
                    temp.directory().create(new byte[] {'p'}, true, 0600).close();
                    assertTrue(Files.deleteIfExists(scratch.resolve("p")), inside + " is the root's scratch");
                }
            }
            Files.createSymbolicLink(root.resolve("out"), tmp.resolve("outside"));
            try (TempDirectory temp = new TempDirectory(withTempDirectory("/out"))) {
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
                TempDirectory temp = new TempDirectory(withTempDirectory("/scratch"))) {
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
}
