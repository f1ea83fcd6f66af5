package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.SessionRequest;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServedModulesTest {

    private static final Path DATA = Path.of("/srv/data");

    private static SessionRequest pull(long flags, String... paths) {
        return new SessionRequest(SessionRequest.Direction.PULL, flags, 1 << 20, 8, 0, List.of(paths), List.of());
    }

    private static ServedModules modules(int maxConnections) {
        return ServedModules.named(List.of(new DaemonModule("data", DATA, true, null, List.of(), List.of(),
                maxConnections), new DaemonModule("other", Path.of("/srv/other"), true, null, List.of(), List.of(), 0)));
    }

    @Test
    void theFirstComponentNamesTheModule() throws RdcpException {
        try (ServedModules.Admission admission = modules(0).admit(pull(0, "data/a/b", "/data/c", "data"), null)) {
            assertEquals(DATA, admission.policy().root());
            assertTrue(admission.policy().readOnly());
            assertEquals(List.of("a/b", "c", ""), admission.paths());
        }
    }

    @Test
    void filesFromPathsAfterTheBaseAreRelativeToIt() throws RdcpException {
        try (ServedModules.Admission admission = modules(0).admit(pull(SessionRequest.FILES_FROM, "data/base",
                "other/x"), null)) {
            assertEquals(List.of("base", "other/x"), admission.paths());
        }
    }

    @Test
    void pathsInTwoModulesAreRefused() {
        RdcpException e = assertThrows(RdcpException.class, () -> modules(0).admit(pull(0, "data/a", "other/b"), null));
        assertEquals("all paths of a request must be in one module", e.getMessage());
    }

    @Test
    void maxConnectionsCountsOpenAdmissions() throws RdcpException {
        ServedModules served = modules(1);
        ServedModules.Admission first = served.admit(pull(0, "data/a"), null);
        RdcpException busy = assertThrows(RdcpException.class, () -> served.admit(pull(0, "data/a"), null));
        assertEquals("max connections (1) reached for module 'data' -- try again later", busy.getMessage());
        served.admit(pull(0, "other/a"), null).close();
        first.close();
        served.admit(pull(0, "data/a"), null).close();
    }

    @Test
    void hostsAllowThenDenyAsRsync() throws Exception {
        DaemonModule both = new DaemonModule("m", DATA, true, null, List.of(AddressRange.parse("10.1.0.0/16")),
                List.of(AddressRange.parse("10.0.0.0/8")), 0);
        assertTrue(both.admits(InetAddress.getByName("10.1.2.3")));
        assertFalse(both.admits(InetAddress.getByName("10.2.2.3")));
        assertFalse(both.admits(InetAddress.getByName("192.168.0.1")));
        DaemonModule denyOnly = new DaemonModule("m", DATA, true, null, List.of(),
                List.of(AddressRange.parse("10.0.0.0/8")), 0);
        assertFalse(denyOnly.admits(InetAddress.getByName("10.2.2.3")));
        assertTrue(denyOnly.admits(InetAddress.getByName("192.168.0.1")));
    }

    @Test
    void secretRequiredOnlyWhenEveryModuleHasOne() {
        assertFalse(modules(0).secretRequired());
        ServedModules guarded = ServedModules.named(List.of(new DaemonModule("m", DATA, true, new byte[] {1},
                List.of(), List.of(), 0)));
        assertTrue(guarded.secretRequired());
    }
}
