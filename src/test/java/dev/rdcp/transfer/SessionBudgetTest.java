package dev.rdcp.transfer;

import static dev.rdcp.transfer.HostilePeer.Entries.dir;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.SessionRequest;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 11's defect 6: what a sender's list makes the receiver remember is bounded for the session. */
class SessionBudgetTest {

    @TempDir
    Path root;

    @Test
    void threeHundredThousandDirectoriesUnderDryRunEndTheSession() throws Exception {
        long flags = SessionRequest.RECURSIVE | SessionRequest.DRY_RUN | SessionRequest.DESTINATION_IS_DIRECTORY
                | SessionRequest.PRESERVE_TIMES;
        try (HostilePeer peer = HostilePeer.start(HostilePeer.Wire.LOOPBACK, root, TransferOptions.of(4096, flags))) {
            HostilePeer.ReceiverGone gone = assertThrows(HostilePeer.ReceiverGone.class, () -> {
                peer.entries(dir(0, "."));
                int index = 1;
                while (index <= 300_000) {
                    Entry[] batch = new Entry[150];
                    for (int i = 0; i < batch.length; i++, index++) {
                        batch[i] = dir(index, String.format("d%07d", index));
                    }
                    peer.entries(batch);
                }
            });
            assertInstanceOf(ProtocolException.class, gone.getCause());
            assertTrue(gone.getCause().getMessage().contains("MiB of bookkeeping"), gone.getCause().getMessage());
        }
    }

    @Test
    void spendingPastTheCapFailsAndReleasingMakesRoom() throws Exception {
        SessionBudget budget = new SessionBudget(1000);
        budget.spend(600);
        assertThrows(ProtocolException.class, () -> budget.spend(500));
        budget.release(200);
        budget.spend(500);
    }
}
