package dev.rdcp.verbs;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.rdcp.verbs.jna.IbVerbs;
import dev.rdcp.verbs.jna.IbvConstants;
import dev.rdcp.verbs.jna.ibv_qp_init_attr;
import java.nio.ByteBuffer;
import java.util.Set;

/** A protection domain ({@code struct ibv_pd}): the scope of memory regions and queue pairs. */
public final class ProtectionDomain extends NativeHandle {

    ProtectionDomain(Pointer pd) {
        super(pd, "ibv_dealloc_pd");
    }

    /**
     * Registers a direct (or mapped) buffer's whole capacity. The region keeps the buffer reachable
     * until it is closed, so the memory cannot be freed while the device may touch it.
     */
    public MemoryRegion register(ByteBuffer buffer, Set<Access> access) throws VerbsException {
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException("only direct buffers can be registered");
        }
        Pointer address = Native.getDirectBufferPointer(buffer);
        return register(address, buffer.capacity(), access, buffer);
    }

    private MemoryRegion register(Pointer address, long length, Set<Access> access, Object backing)
            throws VerbsException {
        int flags = Access.toFlags(access);
        Pointer mr = IbVerbs.ibv_reg_mr(handle(), address, length, flags);
        if (mr == null) {
            int errno = Native.getLastError();
            throw VerbsException.ofErrno("ibv_reg_mr(" + length + " bytes, access " + access + ")", errno);
        }
        return new MemoryRegion(mr, backing);
    }

    /** A reliable-connected queue pair in RESET state. */
    public QueuePair createRcQueuePair(CompletionQueue sendCq, CompletionQueue recvCq, QueueCapacity capacity)
            throws VerbsException {
        ibv_qp_init_attr attr = new ibv_qp_init_attr();
        attr.send_cq = sendCq.handle();
        attr.recv_cq = recvCq.handle();
        attr.qp_type = IbvConstants.IBV_QPT_RC;
        attr.sq_sig_all = 0;
        attr.cap.max_send_wr = capacity.maxSendWr();
        attr.cap.max_recv_wr = capacity.maxRecvWr();
        attr.cap.max_send_sge = 1;
        attr.cap.max_recv_sge = 1;
        attr.cap.max_inline_data = capacity.maxInlineData();
        Pointer qp = checkCreated("ibv_create_qp", IbVerbs.ibv_create_qp(handle(), attr));
        QueueCapacity granted = new QueueCapacity(attr.cap.max_send_wr, attr.cap.max_recv_wr,
                attr.cap.max_inline_data);
        return new QueuePair(qp, granted);
    }

    @Override
    int destroy(Pointer h) {
        return IbVerbs.ibv_dealloc_pd(h);
    }
}
