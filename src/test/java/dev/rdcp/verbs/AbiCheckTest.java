package dev.rdcp.verbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.verbs.jna.LayoutStructure;
import dev.rdcp.verbs.jna.RdcpShim;
import dev.rdcp.verbs.jna.rdcp_port_fields;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Runs on any machine with libibverbs installed: loading the shim needs no RDMA device. */
class AbiCheckTest {

    @Test
    void nativeLibrariesLoadAndLayoutsAgree() {
        assertEquals(Optional.empty(), NativeVerbs.unavailableReason());
        assertEquals(Optional.empty(), AbiCheck.firstMismatch());
    }

    @Test
    void everyMappedStructIsKnownToTheShim() {
        for (LayoutStructure struct : AbiCheck.mappedStructs()) {
            assertTrue(dev.rdcp.verbs.jna.RdcpShim.rdcp_abi_layout(struct.cName()) > 0, struct.cName());
        }
        assertEquals(-1, dev.rdcp.verbs.jna.RdcpShim.rdcp_abi_layout("ibv_nonexistent"));
    }

    /** The port query fills a fixed array, not rdma-core's growing struct: its indexes agree. */
    @Test
    void portFieldIndexesAreTheShims() {
        assertEquals(rdcp_port_fields.COUNT + 1, rdcp_port_fields.BY_NAME.size());
        for (var index : rdcp_port_fields.BY_NAME.entrySet()) {
            assertEquals((long) index.getValue(), RdcpShim.rdcp_abi_layout(index.getKey()), index.getKey());
        }
        assertEquals(-1, RdcpShim.rdcp_abi_layout("ibv_port_attr"));
    }

    @Test
    void workCompletionLayoutMatchesTheHeader() {
        assertEquals(48, new dev.rdcp.verbs.jna.ibv_wc().size());
    }
}
