package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rdcp.protocol.SessionRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which attribute names each side carries: rsync's namespace rules on Linux. */
class XattrSyncTest {

    private static final List<String> NAMES = List.of("user.a", "trusted.lov", "security.selinux",
            "security.capability", "system.posix_acl_access", "system.posix_acl_default", "system.nfs4_acl", "user");

    private static List<String> carried(XattrSync sync) {
        return NAMES.stream().filter(n -> sync.carries(n.getBytes(StandardCharsets.US_ASCII))).toList();
    }

    private static TransferOptions options(long flags) {
        return TransferOptions.of(1 << 20, flags);
    }

    @Test
    void theSenderReadsEveryNamespaceButSystemWhoeverRunsIt() {
        assertEquals(List.of("user.a", "trusted.lov", "security.selinux"),
                carried(XattrSync.forSender(options(SessionRequest.XATTRS))));
    }

    @Test
    void aReceiverNotRootManagesUserAlone() {
        assertEquals(List.of("user.a"), carried(new XattrSync(options(SessionRequest.XATTRS), false)));
    }

    @Test
    void aclsOnlyWithA() {
        assertEquals(List.of("system.posix_acl_access", "system.posix_acl_default"),
                carried(new XattrSync(options(SessionRequest.ACLS), false)));
        assertEquals(List.of("user.a", "trusted.lov", "security.selinux", "system.posix_acl_access",
                "system.posix_acl_default"), carried(new XattrSync(options(SessionRequest.XATTRS | SessionRequest.ACLS),
                        true)));
    }

    @Test
    void onSymlinksNeitherUserNorAcls() {
        XattrSync both = new XattrSync(options(SessionRequest.XATTRS | SessionRequest.ACLS), true);
        assertEquals(List.of("trusted.lov", "security.selinux"), carried(both.forSymlinks()));
        assertEquals(List.of(), carried(new XattrSync(options(SessionRequest.XATTRS), false).forSymlinks()));
    }

    @Test
    void nothingWithoutEither() {
        XattrSync sync = new XattrSync(options(SessionRequest.RECURSIVE), true);
        assertEquals(false, sync.enabled());
        assertEquals(List.of(), carried(sync));
    }
}
