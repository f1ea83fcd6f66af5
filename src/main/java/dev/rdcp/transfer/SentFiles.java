package dev.rdcp.transfer;

import java.util.Arrays;

/**
 * The files a sender has sent whole, kept until the receiver's END so that a failure it reports
 * for one later takes back that file's count: an index and a byte count, twelve bytes a file,
 * where keeping the file's own record until END held hundreds (a million-file tree, hundreds of
 * megabytes). Files are sent in the order they were listed, so the indexes come in ascending
 * order and one is found by binary search.
 */
final class SentFiles {

    private static final int INITIAL = 64;

    private int[] indexes = new int[INITIAL];
    private long[] bytes = new long[INITIAL];
    private int count;

    /** File {@code index}, whose {@code sent} bytes moved, was sent whole; indexes must ascend. */
    void add(int index, long sent) {
        if (count > 0 && index <= indexes[count - 1]) {
            throw new IllegalStateException("file " + index + " sent after file " + indexes[count - 1]);
        }
        if (count == indexes.length) {
            indexes = Arrays.copyOf(indexes, count * 2);
            bytes = Arrays.copyOf(bytes, count * 2);
        }
        indexes[count] = index;
        bytes[count] = sent;
        count++;
    }

    /** The bytes of file {@code index}, no longer counted as sent; -1 when it was not sent whole or was taken back. */
    long takeBack(int index) {
        int at = Arrays.binarySearch(indexes, 0, count, index);
        if (at < 0 || bytes[at] < 0) {
            return -1;
        }
        long sent = bytes[at];
        bytes[at] = -1;
        return sent;
    }

    /** The receiver's END came: nothing can be taken back any more. */
    void clear() {
        indexes = new int[INITIAL];
        bytes = new long[INITIAL];
        count = 0;
    }

    int size() {
        return count;
    }
}
