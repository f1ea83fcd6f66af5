package dev.rdcp.cli;

import dev.rdcp.protocol.ControlHeader;
import dev.rdcp.transfer.TransferOptions;

/**
 * The most memory one side of a copy registers (pins) with the RDMA device, by role, from the
 * buffers the transfer allocates: the receiver's staging buffers; the sender's bounce buffers and
 * the windows of large source files it maps; on both, the rings of control messages.
 */
record PinnedMemory(long receiverBytes, long senderBytes) {

    /**
     * Source windows the sender may have registered at once: it maps a new window only while less
     * than two full windows await their WRITEs' completion (FileSender.MAX_RETIRING_WINDOWS), and
     * retires the current one as it does, so fewer than two more than that.
     */
    static final int MAX_SOURCE_WINDOWS = 4;

    static PinnedMemory of(TransferOptions options) {
        long messages = (long) (options.receiveBuffers() + options.sendBuffers()) * ControlHeader.MAX_MESSAGE;
        long staging = (long) options.slots() * options.chunkSize();
        long bounce = (long) options.slots() * options.bounceSize();
        long windows = (long) MAX_SOURCE_WINDOWS * options.windowChunks() * options.chunkSize();
        return new PinnedMemory(staging + messages, bounce + windows + messages);
    }

    long mostBytes() {
        return Math.max(receiverBytes, senderBytes);
    }
}
