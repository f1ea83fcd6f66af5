package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.protocol.Xattrs;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a sender's attributes can make a receiver do: a refused one fails its file alone, a malformed block the session. */
class XattrHostileTest {

    private static final long FLAGS = SessionRequest.RECURSIVE | SessionRequest.DESTINATION_IS_DIRECTORY
            | SessionRequest.XATTRS | SessionRequest.ACLS;

    @TempDir
    Path root;

    private static Entry file(int index, String name, long size) {
        return new Entry(index, EntryType.FILE, 0644, 1_600_000_000L, 0, size, 0, 0,
                name.getBytes(StandardCharsets.UTF_8), new byte[0]);
    }

    private static byte[] encoded(Xattrs xattrs) {
        ByteBuffer out = ByteBuffer.allocate(xattrs.encodedSize());
        xattrs.encode(out);
        return out.array();
    }

    @Test
    void anAclTheKernelRefusesFailsItsFileWhoseDataStillLands() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "ACLs are set as root here");
        byte[] garbage = encoded(new Xattrs(List.of(new Xattrs.Xattr(
                "system.posix_acl_access".getBytes(StandardCharsets.US_ASCII), new byte[] {1, 2, 3}))));
        try (HostilePeer peer = HostilePeer.start(HostilePeer.Wire.LOOPBACK, root, TransferOptions.of(4096, FLAGS))) {
            peer.entryWithXattrs(file(0, "f", 4), garbage);
            peer.chunk(0, 0, "data".getBytes(StandardCharsets.US_ASCII), true);
            peer.end();

            assertNull(peer.finish());
            assertEquals("data", Files.readString(root.resolve("f")), "the data lands, as rsync's");
            assertEquals(ExitCode.PARTIAL.code(), peer.report().exitCode(), peer.report().failures().toString());
            assertTrue(peer.report().failures().get(0).message()
                    .contains("setxattr(\"system.posix_acl_access\") failed"), peer.report().failures().toString());
        }
    }

    @Test
    void namesOutOfOrderEndTheSession() throws Exception {
        byte[] descending = {0, 2, 6, 'u', 's', 'e', 'r', '.', 'b', 0, 0, 0, 0, 6, 'u', 's', 'e', 'r', '.', 'a', 0, 0, 0, 0};
        try (HostilePeer peer = HostilePeer.start(HostilePeer.Wire.LOOPBACK, root, TransferOptions.of(4096, FLAGS))) {
            HostilePeer.ReceiverGone gone = assertThrows(HostilePeer.ReceiverGone.class,
                    () -> peer.entryWithXattrs(file(0, "f", 4), descending));
            assertInstanceOf(ProtocolException.class, gone.getCause(), String.valueOf(gone.getCause()));
        }
        assertTrue(Files.notExists(root.resolve("f")));
    }
}
