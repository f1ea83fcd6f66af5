package dev.rdcp.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** Tests that run rsync and rdcp side by side over TCP ({@link SideBySide}), one scratch tree per test. */
abstract class SideBySideTest {

    @TempDir
    Path tmp;

    SideBySide sides;

    @BeforeEach
    void startSides() throws IOException {
        sides = open(tmp);
    }

    /** The sides the tests run on: rdcp over TCP; a VM test's subclass gives RDMA's. */
    SideBySide open(Path scratch) throws IOException {
        return new SideBySide(scratch);
    }

    @AfterEach
    void stopSides() throws IOException {
        sides.close();
    }
}
