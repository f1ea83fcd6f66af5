package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.util.List;
import org.junit.jupiter.api.Test;

class DirectMemoryBudgetTest {

    private static final long HEAP = 3L << 30;

    @Test
    void theJvmsLimitIsTheHeapsMaximumUnlessMaxDirectMemorySizeIsGiven() {
        assertEquals(HEAP, DirectMemoryBudget.jvmDirectMemoryLimit(List.of("-Xmx3g", "-Dx=y"), HEAP));
        assertEquals(512L << 20, DirectMemoryBudget.jvmDirectMemoryLimit(
                List.of("-XX:MaxDirectMemorySize=512m"), HEAP));
        assertEquals(2L << 30, DirectMemoryBudget.jvmDirectMemoryLimit(
                List.of("-XX:MaxDirectMemorySize=1048576", "-XX:MaxDirectMemorySize=2G"), HEAP));
        assertEquals(64L << 10, DirectMemoryBudget.jvmDirectMemoryLimit(List.of("-XX:MaxDirectMemorySize=64K"), HEAP));
    }

    @Test
    void aReservationIsGivenBackOnceHoweverOftenItIsClosed() throws RdcpException {
        DirectMemoryBudget budget = new DirectMemoryBudget(100);
        DirectMemoryBudget.Reservation first = budget.reserve(60);
        DirectMemoryBudget.Reservation second = budget.reserve(40);
        first.close();
        first.close();
        assertEquals(40, budget.reserved());
        RdcpException full = assertThrows(RdcpException.class, () -> budget.reserve(61));
        assertEquals(ExitCode.START_CLIENT_SERVER, full.exitCode());
        second.close();
        assertEquals(0, budget.reserved());
    }

    /** Never to fit, however idle the daemon: its settings are what is wrong, not the moment. */
    @Test
    void aSessionLargerThanTheWholeBudgetIsRefusedForItsSettings() {
        RdcpException refused = assertThrows(RdcpException.class, () -> new DirectMemoryBudget(100).reserve(101));
        assertEquals(ExitCode.USAGE, refused.exitCode());
    }
}
