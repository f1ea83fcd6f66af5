package dev.rdcp.verbs;

import com.sun.jna.Pointer;
import dev.rdcp.verbs.jna.IbVerbs;
import dev.rdcp.verbs.jna.RdcpShim;

/**
 * A completion queue ({@code struct ibv_cq}). Polls without allocating; with a completion channel
 * it can also sleep until the next completion instead of spinning.
 */
public final class CompletionQueue extends NativeHandle {

    /**
     * Polls tried before sleeping on the channel: with a second CPU, a completion usually arrives
     * within microseconds. With one CPU, the peer or the kernel work that would produce the
     * completion cannot run while we spin, so one look is all that pays.
     */
    private static final int SPIN_POLLS = Runtime.getRuntime().availableProcessors() > 1 ? 64 : 1;

    private final CompletionChannel channel;
    /**
     * Armed since the channel last reported an event of this CQ. A CQ whose event fired but is
     * not consumed yet also counts: that event is waiting in the channel and wakes the next wait.
     */
    private boolean armed;

    CompletionQueue(Pointer cq, CompletionChannel channel) {
        super(cq, "ibv_destroy_cq");
        this.channel = channel;
    }

    /** Polls once, filling {@code batch}; returns how many completions it holds now. */
    public int poll(WorkCompletions batch) throws VerbsException {
        int n = RdcpShim.rdcp_poll_cq(handle(), batch.capacity(), batch.memory());
        checkShim("ibv_poll_cq", n);
        batch.setCount(n);
        return n;
    }

    /**
     * Polls until at least one completion arrives or {@code timeoutMillis} passes (0 completions).
     * Spins briefly, then sleeps on the completion channel if there is one, else keeps spinning.
     * An event that brings no completion restarts the wait's clock, so a wait may last up to
     * twice {@code timeoutMillis}.
     */
    public int await(WorkCompletions batch, long timeoutMillis) throws VerbsException {
        if (spin(batch)) {
            return batch.count();
        }
        if (channel == null) {
            return spinUntil(batch, System.nanoTime() + timeoutMillis * 1_000_000L);
        }
        // The clock is read only when an event brought nothing: in a UML guest each read is a
        // system call, and a sleep that ends in a completion, the usual case, needs none.
        long deadline = 0;
        long remainingMillis = timeoutMillis;
        while (remainingMillis > 0) {
            arm();
            // A completion that landed before arming raises no event: poll once more first.
            if (poll(batch) > 0) {
                return batch.count();
            }
            if (!channel.await(remainingMillis)) {
                return 0;
            }
            if (spin(batch)) {
                return batch.count();
            }
            if (deadline == 0) {
                deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
            }
            remainingMillis = (deadline - System.nanoTime()) / 1_000_000L;
        }
        return 0;
    }

    private int spinUntil(WorkCompletions batch, long deadline) throws VerbsException {
        while (System.nanoTime() < deadline) {
            if (spin(batch)) {
                return batch.count();
            }
        }
        return 0;
    }

    /**
     * Asks for an event on the completion channel at the next completion (ibv_req_notify_cq),
     * unless that is already asked and its event not yet consumed.
     */
    public void arm() throws VerbsException {
        if (!armed) {
            checkShim("ibv_req_notify_cq", RdcpShim.rdcp_req_notify_cq(handle(), 0));
            armed = true;
        }
    }

    /** The channel consumed this CQ's event: the next wait must arm it again. */
    void fired() {
        armed = false;
    }

    private boolean spin(WorkCompletions batch) throws VerbsException {
        for (int i = 0; i < SPIN_POLLS; i++) {
            if (poll(batch) > 0) {
                return true;
            }
            Thread.onSpinWait();
        }
        return false;
    }

    @Override
    int destroy(Pointer h) {
        return IbVerbs.ibv_destroy_cq(h);
    }
}
