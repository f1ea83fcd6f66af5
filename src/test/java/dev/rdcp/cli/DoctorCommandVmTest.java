package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** In the Soft-RoCE VM (rxe0 on dummy0, memlock unlimited) every local check passes. */
@Tag("vm")
class DoctorCommandVmTest {

    @Test
    void allIsWellOnSoftRoce() {
        Cli.Result result = Cli.rdcp("doctor");
        List<String> lines = result.out().lines().toList();
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(lines.contains("ok    rxe0 port 1: PORT_ACTIVE, link layer Ethernet"), result.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("ok    GID: would use GID\\[\\d+\\] \\S+ RoCE v2 .*")),
                result.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("ok    MTU: active ")), result.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("ok    memlock: ")), result.out());
        assertEquals("rdcp doctor: all is well", lines.get(lines.size() - 1));
    }
}
