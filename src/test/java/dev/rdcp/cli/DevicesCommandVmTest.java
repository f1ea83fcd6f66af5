package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** On the Soft-RoCE VM's rxe0. */
@Tag("vm")
class DevicesCommandVmTest {

    @Test
    void listsRxe0ActiveOnEthernetWithARoceV2Gid() {
        DevicesCommandTest.Result result = DevicesCommandTest.run("devices");
        assertEquals(0, result.exitCode(), result.err());
        assertTrue(result.out().startsWith("rxe0\n"), result.out());
        assertTrue(result.out().contains("port 1: PORT_ACTIVE, link layer Ethernet"), result.out());
        assertTrue(result.out().matches("(?s).*GID\\[0\\] fe80:[0-9a-f:]+ RoCE v2\n.*"), result.out());
    }

    @Test
    void oneNamedDeviceIsListedAlone() {
        DevicesCommandTest.Result result = DevicesCommandTest.run("devices", "--device", "rxe0");
        assertEquals(0, result.exitCode(), result.err());
        assertEquals(1, result.out().lines().filter(l -> !l.startsWith(" ")).count(), result.out());
        assertTrue(result.out().startsWith("rxe0\n"), result.out());
    }
}
