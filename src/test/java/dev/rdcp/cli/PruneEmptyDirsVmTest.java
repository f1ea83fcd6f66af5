package dev.rdcp.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;

/** {@link PruneEmptyDirsTest}'s comparisons with rsync, rdcp's data over RDMA on rxe0. */
@Tag("vm")
@Tag("native-speed")
class PruneEmptyDirsVmTest extends PruneEmptyDirsTest {

    @Override
    SideBySide open(Path scratch) throws IOException {
        return SideBySide.overRdma(scratch);
    }
}
