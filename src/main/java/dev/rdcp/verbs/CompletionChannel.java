package dev.rdcp.verbs;

import com.sun.jna.Pointer;
import dev.rdcp.posix.Errno;
import dev.rdcp.verbs.jna.IbVerbs;
import dev.rdcp.verbs.jna.RdcpShim;
import java.util.ArrayList;
import java.util.List;

/**
 * A completion event channel ({@code struct ibv_comp_channel}): lets a thread sleep until a CQ
 * fires. Each CQ created on it is tagged with its place in {@link #queues}, so an event names the
 * CQ that fired and only that one needs arming again (arming is a system call on rxe).
 */
public final class CompletionChannel extends NativeHandle {

    private final List<CompletionQueue> queues = new ArrayList<>();

    CompletionChannel(Pointer channel) {
        super(channel, "ibv_destroy_comp_channel");
    }

    /** The tag the next CQ created on this channel gets: its cq_context. */
    int nextTag() {
        return queues.size();
    }

    /** Records a CQ created with {@link #nextTag()}. */
    void attach(CompletionQueue cq) {
        queues.add(cq);
    }

    /**
     * Sleeps until a CQ armed on this channel fires, at most {@code timeoutMillis}; consumes and
     * acknowledges the event and marks that CQ disarmed. Returns false on timeout.
     */
    public boolean await(long timeoutMillis) throws VerbsException {
        int rc = RdcpShim.rdcp_await_cq_event(handle(), (int) Math.min(timeoutMillis, Integer.MAX_VALUE));
        if (rc == -Errno.ETIMEDOUT) {
            return false;
        }
        checkShim("ibv_get_cq_event", rc);
        if (rc >= queues.size()) {
            throw new IllegalStateException("ibv_get_cq_event: an event for CQ tag " + rc + " of " + queues.size());
        }
        queues.get(rc).fired();
        return true;
    }

    @Override
    int destroy(Pointer h) {
        return IbVerbs.ibv_destroy_comp_channel(h);
    }
}
