package dev.rdcp.cli;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM in the middle of a copy over rxe0, through the launcher: the roles stop on their own
 * threads, so the queue pairs and registrations come down in their usual order, the receiver
 * removes its temporary file, the client exits 20 and a daemon 0.
 */
@Tag("vm")
class StopSignalsVmTest {

    @TempDir
    Path dir;

    private StopScenario rdma() {
        return new StopScenario(dir, List.of(RdcpProcess.launcher().toString()), "rdma", 128L << 20, 120);
    }

    @Test
    void aPullStoppedBySigtermExits20AndLeavesNoTemporaryFile() throws Exception {
        rdma().pullStoppedBy("TERM");
    }

    /**
     * Without the stop, an RDMA session ignores the interrupt and only the 25 s deadline would end
     * the daemon, with 20: the exit code tells, so the time allowed is generous (qemu is slow).
     */
    @Test
    void aDaemonStoppedMidPushRemovesTheTemporaryFileAndExits0() throws Exception {
        rdma().daemonStoppedMidPush(false);
    }
}
