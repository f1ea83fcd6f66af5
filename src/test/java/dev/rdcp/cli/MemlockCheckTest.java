package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.transfer.TransferOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemlockCheckTest {

    private static final long DEFAULTS = TransferOptions.of(TransferOptions.DEFAULT_CHUNK, 0).pinnedBytes();

    private static List<String> limits(String soft) {
        return List.of("Limit                     Soft Limit           Hard Limit           Units     ",
                "Max locked memory         " + soft + "              " + soft + "              bytes     ");
    }

    private static final List<String> NO_CAPABILITIES = List.of("Name:\tjava", "CapEff:\t0000000000000000");
    private static final List<String> ROOT = List.of("CapEff:\t000001fffeffffff");

    @Test
    void theUsualEightMiBLimitIsTooLow() {
        Finding finding = MemlockCheck.check(DEFAULTS, limits("8388608"), NO_CAPABILITIES);
        assertEquals(Finding.Status.FAIL, finding.status());
        assertEquals(ExitCode.MEMORY, finding.code());
        assertEquals("limit 8.0 MiB; a copy pins 8.3 MiB on each side", finding.detail());
    }

    @Test
    void enoughIsEnough() {
        assertEquals(Finding.Status.OK, MemlockCheck.check(DEFAULTS, limits("1073741824"), NO_CAPABILITIES).status());
        assertEquals(Finding.Status.OK, MemlockCheck.check(DEFAULTS, limits("unlimited"), NO_CAPABILITIES).status());
    }

    @Test
    void capIpcLockLiftsTheLimit() {
        Finding finding = MemlockCheck.check(DEFAULTS, limits("65536"), ROOT);
        assertEquals(Finding.Status.OK, finding.status());
        assertTrue(finding.detail().startsWith("CAP_IPC_LOCK held"), finding.detail());
        assertTrue(MemlockCheck.hasIpcLock(List.of("CapEff:\t0000000000004000")));
        assertFalse(MemlockCheck.hasIpcLock(List.of("CapEff:\t0000000000003fff")));
    }

    @Test
    void findingsRenderAsOneLineAndAFix() {
        Finding finding = MemlockCheck.check(DEFAULTS, limits("8388608"), NO_CAPABILITIES);
        List<String> lines = finding.render().lines().toList();
        assertEquals("FAIL  memlock: limit 8.0 MiB; a copy pins 8.3 MiB on each side",
                lines.get(0));
        assertTrue(lines.get(1).startsWith("      fix: raise 'ulimit -l'"), lines.get(1));
    }

    @Test
    void theLargestRdmaMtuAnInterfaceCarries() {
        assertEquals(1024, RdmaChecks.largestFitting(1500).bytes());
        assertEquals(4096, RdmaChecks.largestFitting(9000).bytes());
        assertEquals(2048, RdmaChecks.largestFitting(4000).bytes());
    }
}
