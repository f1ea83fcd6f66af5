package dev.rdcp.transfer;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * rsync's -S on the receiving side: a piece is written except for its runs of all-zero blocks,
 * which are left as holes. Blocks are 4 KiB at file offsets that are multiples of 4 KiB, the
 * page and usual file-system block, so a hole can free whole blocks; a zero run shorter than a
 * block, or not covering one, is written. Only with -S: it reads every byte once more.
 */
final class SparseWrites {

    static final int BLOCK = 4096;

    private SparseWrites() {
    }

    /** Writes {@code data} (position to limit) at file offset {@code position}, zero blocks as holes. */
    static void write(ReceivingFile file, ByteBuffer data, long position) throws IOException {
        int start = data.position();
        int end = data.limit();
        int at = start;
        while (at < end) {
            boolean zero = isZero(data, at, blockEnd(at, start, end, position));
            int runEnd = blockEnd(at, start, end, position);
            while (runEnd < end) {
                int next = blockEnd(runEnd, start, end, position);
                if (isZero(data, runEnd, next) != zero) {
                    break;
                }
                runEnd = next;
            }
            long offset = position + (at - start);
            if (zero) {
                file.zeros(offset, runEnd - at);
            } else {
                file.write(data.limit(runEnd).position(at), offset);
                data.limit(end);
            }
            at = runEnd;
        }
        data.position(end);
    }

    /** The end of the block {@code at} is in, in buffer indices: the next 4 KiB file boundary, or the piece's end. */
    private static int blockEnd(int at, int start, int end, long position) {
        long offset = position + (at - start);
        return (int) Math.min(end, at + (BLOCK - offset % BLOCK));
    }

    /**
     * Whether {@code data[from, to)} is all zeros, a long at a time. A part block (the piece's
     * first or last) counts only when whole: a hole there frees nothing.
     */
    private static boolean isZero(ByteBuffer data, int from, int to) {
        if (to - from < BLOCK) {
            return false;
        }
        int at = from;
        for (; at + Long.BYTES <= to; at += Long.BYTES) {
            if (data.getLong(at) != 0) {
                return false;
            }
        }
        for (; at < to; at++) {
            if (data.get(at) != 0) {
                return false;
            }
        }
        return true;
    }
}
