package dev.rdcp.verbs;

import com.sun.jna.Pointer;
import dev.rdcp.verbs.jna.IbVerbs;

/** A completion event channel ({@code struct ibv_comp_channel}): lets a thread sleep until a CQ fires. */
public final class CompletionChannel extends NativeHandle {

    CompletionChannel(Pointer channel) {
        super(channel, "ibv_destroy_comp_channel");
    }

    @Override
    int destroy(Pointer h) {
        return IbVerbs.ibv_destroy_comp_channel(h);
    }
}
