package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * CHUNKS payload: {@code u32 slot, u32 sequence, u16 count}, then per piece {@code u32 entry index, u32 offset in
 * the slot, u64 offset in the file, u32 length, u32 crc32c, u8 flags}. One staging buffer carries
 * one piece of a large file or many whole small files; a file whose size changed since it was
 * listed is preceded by a {@link #SIZE} piece. The sequence numbers the session's CHUNKS messages from 0 over every
 * stream, so the receiver can take them in the sender's order (docs/protocol.md, version 5). A reusable holder: the hot path fills and
 * decodes it in place, allocating nothing.
 */
public final class ChunkBatch {

    /** The piece ends its file: the receiver verifies the size and renames it into place. */
    public static final int LAST = 1;
    /** The sender gives the file up (it vanished or changed); the crc field holds the exit code. */
    public static final int ABANDON = 2;
    /**
     * The file's size as the sender opened it, which differs from its listed size, in the file
     * offset field; the slot offset, length and crc fields are 0 and no other flag is set. It comes
     * before the file's first data piece, and only in a session with extended flag
     * {@link ExtendedOptions#SIZE_AT_OPEN}: the receiver checks both.
     */
    public static final int SIZE = 4;
    public static final int MAX_PIECES = 256;
    private static final int FIXED_SIZE = 10;
    private static final int PIECE_SIZE = 25;

    private int slot;
    private int sequence;
    private int count;
    private final int[] index = new int[MAX_PIECES];
    private final int[] slotOffset = new int[MAX_PIECES];
    private final long[] fileOffset = new long[MAX_PIECES];
    private final int[] length = new int[MAX_PIECES];
    private final int[] crc = new int[MAX_PIECES];
    private final byte[] flags = new byte[MAX_PIECES];

    /** Starts an empty batch, the session's {@code sequence}th CHUNKS, for staging buffer {@code slot}. */
    public void start(int slot, int sequence) {
        if (sequence < 0) {
            throw new IllegalArgumentException("negative sequence " + sequence);
        }
        this.slot = slot;
        this.sequence = sequence;
        this.count = 0;
    }

    public boolean isFull() {
        return count == MAX_PIECES;
    }

    /** Pieces this batch can still take. */
    public int room() {
        return MAX_PIECES - count;
    }

    public void add(int entryIndex, int offsetInSlot, long offsetInFile, int bytes, int checksum, int pieceFlags) {
        index[count] = entryIndex;
        slotOffset[count] = offsetInSlot;
        fileOffset[count] = offsetInFile;
        length[count] = bytes;
        crc[count] = checksum;
        flags[count] = (byte) pieceFlags;
        count++;
    }

    public void encode(ByteBuffer out) {
        out.putInt(slot).putInt(sequence).putShort((short) count);
        for (int i = 0; i < count; i++) {
            out.putInt(index[i]).putInt(slotOffset[i]).putLong(fileOffset[i]).putInt(length[i]).putInt(crc[i])
                    .put(flags[i]);
        }
    }

    public void decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < FIXED_SIZE) {
            throw new ProtocolException("CHUNKS payload too short");
        }
        slot = in.getInt();
        sequence = in.getInt();
        int n = Short.toUnsignedInt(in.getShort());
        if (slot < 0 || sequence < 0 || n > MAX_PIECES || in.remaining() != n * PIECE_SIZE) {
            throw new ProtocolException("malformed CHUNKS message");
        }
        for (int i = 0; i < n; i++) {
            index[i] = in.getInt();
            slotOffset[i] = in.getInt();
            fileOffset[i] = in.getLong();
            length[i] = in.getInt();
            crc[i] = in.getInt();
            flags[i] = in.get();
            if (slotOffset[i] < 0 || fileOffset[i] < 0 || length[i] < 0 || (flags[i] & ~(LAST | ABANDON | SIZE)) != 0
                    || (flags[i] & SIZE) != 0 && (flags[i] != SIZE || slotOffset[i] != 0 || length[i] != 0 || crc[i] != 0)) {
                throw new ProtocolException("malformed piece in CHUNKS message");
            }
        }
        count = n;
    }

    public int slot() {
        return slot;
    }

    /** This CHUNKS message's number among the session's, from 0. */
    public int sequence() {
        return sequence;
    }

    /** The sequence number of the CHUNKS message in {@code payload}, without decoding the rest. */
    public static int peekSequence(ByteBuffer payload) throws ProtocolException {
        if (payload.remaining() < FIXED_SIZE) {
            throw new ProtocolException("CHUNKS payload too short");
        }
        int value = payload.getInt(payload.position() + 4);
        if (value < 0) {
            throw new ProtocolException("malformed CHUNKS message");
        }
        return value;
    }

    public int count() {
        return count;
    }

    public int index(int i) {
        return index[i];
    }

    public int slotOffset(int i) {
        return slotOffset[i];
    }

    public long fileOffset(int i) {
        return fileOffset[i];
    }

    public int length(int i) {
        return length[i];
    }

    public int crc(int i) {
        return crc[i];
    }

    public boolean isLast(int i) {
        return (flags[i] & LAST) != 0;
    }

    public boolean isAbandoned(int i) {
        return (flags[i] & ABANDON) != 0;
    }

    /** A {@link #SIZE} piece: its file offset is the file's size as the sender opened it. */
    public boolean isSize(int i) {
        return (flags[i] & SIZE) != 0;
    }
}
