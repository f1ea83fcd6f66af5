package dev.rdcp.verbs;

import dev.rdcp.verbs.jna.IbvConstants;
import java.util.Set;

/** Memory region and queue pair access rights ({@code enum ibv_access_flags}). */
public enum Access {
    LOCAL_WRITE(IbvConstants.IBV_ACCESS_LOCAL_WRITE),
    REMOTE_WRITE(IbvConstants.IBV_ACCESS_REMOTE_WRITE),
    REMOTE_READ(IbvConstants.IBV_ACCESS_REMOTE_READ);

    private final int flag;

    Access(int flag) {
        this.flag = flag;
    }

    static int toFlags(Set<Access> access) {
        int flags = 0;
        for (Access a : access) {
            flags |= a.flag;
        }
        return flags;
    }
}
