package dev.rdcp.verbs;

import com.sun.jna.Pointer;
import dev.rdcp.posix.Errno;
import dev.rdcp.verbs.jna.IbVerbs;
import dev.rdcp.verbs.jna.RdcpShim;

/** A completion event channel ({@code struct ibv_comp_channel}): lets a thread sleep until a CQ fires. */
public final class CompletionChannel extends NativeHandle {

    CompletionChannel(Pointer channel) {
        super(channel, "ibv_destroy_comp_channel");
    }

    /**
     * Sleeps until a CQ armed on this channel fires, at most {@code timeoutMillis}; consumes and
     * acknowledges the event. Returns false on timeout.
     */
    public boolean await(long timeoutMillis) throws VerbsException {
        int rc = RdcpShim.rdcp_await_cq_event(handle(), (int) Math.min(timeoutMillis, Integer.MAX_VALUE));
        if (rc == -Errno.ETIMEDOUT) {
            return false;
        }
        checkShim("ibv_get_cq_event", rc);
        return true;
    }

    @Override
    int destroy(Pointer h) {
        return IbVerbs.ibv_destroy_comp_channel(h);
    }
}
