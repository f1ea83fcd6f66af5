package dev.rdcp.transfer;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hostile-peer kit over real RDMA: the scripted sender and the receiver each on a queue pair
 * of the guest's Soft-RoCE device, so the chunks land by RDMA WRITE and the control messages
 * travel by SEND, as from a real attacker. The same scripts as over the in-process transport and
 * TCP; the random sequences use seeds of their own.
 */
@Tag("vm")
class HostilePeerVmTest {

    /** Each sequence sets up two queue pairs; a few dozen keep the guest's share of CI short. */
    private static final int SEQUENCES = Integer.getInteger("hostile.rdma.sequences", 40);
    private static final long SEED = Long.getLong("hostile.seed", 20261123L) + 1_000_000L;

    @TempDir
    Path temp;

    @Test
    void theDirectoryToSymlinkSwapDoesNotLeadOutsideOverRdma() throws Exception {
        HostileEscapeTest.play(temp, HostilePeer.Wire.RDMA);
    }

    /** The receiver's ABORT travels by SEND over the guest's queue pair and reaches the peer. */
    @Test
    void aProtocolErrorIsToldToThePeerOverRdma() throws Exception {
        SessionAbortTest.assertProtocolErrorIsTold(Files.createDirectory(temp.resolve("abort")), HostilePeer.Wire.RDMA);
    }

    @Test
    void randomSequencesOverRdmaStayInsideTheRoot() throws Exception {
        for (int i = 0; i < SEQUENCES; i++) {
            HostileTraversalTest.sequence(temp, HostilePeer.Wire.RDMA, SEED + i);
        }
    }
}
