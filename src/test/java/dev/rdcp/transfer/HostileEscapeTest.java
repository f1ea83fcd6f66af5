package dev.rdcp.transfer;

import static dev.rdcp.transfer.HostilePeer.Entries.dir;
import static dev.rdcp.transfer.HostilePeer.Entries.dirEnd;
import static dev.rdcp.transfer.HostilePeer.Entries.file;
import static dev.rdcp.transfer.HostilePeer.Entries.symlink;

import dev.rdcp.protocol.SessionRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 11's defect 1 as a script: a directory is listed with a file in it, deleted by --delete
 * at the end of a second listing of its parent, replaced by a symlink to a directory outside the root, and then the
 * file's data arrives. Fails until the receiver's file access is confined to the root.
 */
class HostileEscapeTest {

    private static final long FLAGS = SessionRequest.RECURSIVE | SessionRequest.LINKS | SessionRequest.DELETE
            | SessionRequest.DESTINATION_IS_DIRECTORY | SessionRequest.PRESERVE_PERMISSIONS | SessionRequest.OWNERS;

    @TempDir
    Path temp;

    @ParameterizedTest
    @EnumSource(value = HostilePeer.Wire.class, names = {"LOOPBACK", "TCP"})
    void aDirectoryReplacedByASymlinkAfterItsFileWasListedDoesNotLeadOutside(HostilePeer.Wire wire) throws Exception {
        play(temp, wire);
    }

    /** The script over {@code wire}, with its root and outside directory under {@code temp}. */
    static void play(Path temp, HostilePeer.Wire wire) throws Exception {
        Path root = Files.createDirectory(temp.resolve("root"));
        Path outside = Files.createDirectory(temp.resolve("outside"));
        Files.writeString(outside.resolve("keep"), "keep");
        OutsideSnapshot before = OutsideSnapshot.of(temp, root);
        try (HostilePeer peer = HostilePeer.start(wire, root, TransferOptions.of(4096, FLAGS))) {
            try {
                peer.entries(dir(0, "."), dir(1, "a"), file(2, "a/pwned", 5));
                peer.entries(dirEnd(3, "."));
                peer.entries(dir(4, "."));
                peer.entries(dirEnd(5, "."));
                peer.entries(symlink(6, "a", outside.toString()));
                peer.chunk(2, 0, "pwned".getBytes(), true);
                peer.end();
            } catch (HostilePeer.ReceiverGone refused) {
                // Refusing the sequence is one way to stay inside.
            }
        }
        before.assertUnchanged("DIR ., DIR a, FILE a/pwned, DIR_END ., DIR ., DIR_END ., SYMLINK a -> outside, CHUNKS a/pwned");
    }
}
