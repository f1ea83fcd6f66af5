package dev.rdcp.verbs;

import dev.rdcp.posix.NativeLoadError;
import dev.rdcp.posix.jna.RdcpLibrary;
import dev.rdcp.verbs.jna.IbVerbs;
import dev.rdcp.verbs.jna.RdcpShim;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Probes libibverbs and the rdcp shim once per process, checks the struct layouts, and says
 * why verbs are unavailable when they are.
 */
public final class NativeVerbs {

    private static final Logger LOG = LogManager.getLogger(NativeVerbs.class);

    private static final Optional<String> UNAVAILABLE_REASON = probe();

    private NativeVerbs() {
    }

    /** Why verbs cannot be used in this process, or empty when they can. */
    public static Optional<String> unavailableReason() {
        return UNAVAILABLE_REASON;
    }

    public static void ensureAvailable() throws RdmaUnavailableException {
        if (UNAVAILABLE_REASON.isPresent()) {
            throw new RdmaUnavailableException(UNAVAILABLE_REASON.get());
        }
    }

    private static Optional<String> probe() {
        try {
            IbVerbs.ibv_wc_status_str(0);
        } catch (LinkageError e) {
            return Optional.of("cannot load " + IbVerbs.LIBRARY
                    + " (install the Debian packages libibverbs1 and ibverbs-providers): " + NativeLoadError.reason(e));
        }
        try {
            RdcpShim.rdcp_abi_layout("");
        } catch (LinkageError e) {
            return Optional.of("cannot load the rdcp native shim (lib" + RdcpLibrary.NAME + ".so): " + NativeLoadError.reason(e));
        }
        Optional<String> mismatch = AbiCheck.firstMismatch().map(m -> "native ABI mismatch, refusing to run: " + m);
        LOG.debug("libibverbs and the shim loaded, struct layouts checked");
        return mismatch;
    }
}
