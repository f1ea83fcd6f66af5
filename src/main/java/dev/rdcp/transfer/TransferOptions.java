package dev.rdcp.transfer;

import dev.rdcp.filter.FilterRules;
import dev.rdcp.protocol.ControlHeader;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.ReceiverSettings;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.protocol.StreamCount;
import dev.rdcp.transport.RdmaTransport;

/**
 * How a transfer runs. {@code chunkSize} bytes move per RDMA WRITE; the receiver stages
 * {@code slots} chunks at once, which is how many WRITEs can be in flight, and the sender reads
 * into a pool of as many chunk buffers. {@code flags} are the {@link SessionRequest} bits both ends
 * agreed on; {@code bandwidthLimit} is bytes/s (0: none); {@code receiver} the settings the
 * receiving side applies (its limits, backup rule, reference directories, owner maps, partial
 * directory and modify window); {@code chmod} the --chmod rules a client applies to the modes
 * listed; {@code noSuper} --no-super, for a receiver in the client's process only: it acts as a
 * user even as root (rsync's client does not send --no-super either; a remote receiver decides by
 * the user it runs as); {@code mungeLinks} the client's --munge-links, which acts on the client's
 * own side only (the sender un-munges the targets it lists, the receiver munges those it makes),
 * as rsync's. None of these is part of the request, so a server never has --chmod rules or
 * --munge-links.
 */
public record TransferOptions(int chunkSize, int slots, long flags, long bandwidthLimit, FilterRules filters,
        ReceiverSettings receiver, ChmodRules chmod, boolean noSuper, boolean mungeLinks) {

    public static final int MIN_CHUNK = 4096;
    public static final int MAX_CHUNK = 64 << 20;
    public static final int DEFAULT_CHUNK = 1 << 20;
    public static final int DEFAULT_SLOTS = 8;
    /**
     * The request carries slots as a u16, and each slot costs registered control-message buffers on
     * both sides (see {@link #receiveBuffers()}): a peer asking for 65,535 would pin gigabytes.
     */
    public static final int MAX_SLOTS = 256;
    /** ENTRIES messages the sender may have unanswered. */
    public static final int LISTS_IN_FLIGHT = 8;
    /** Files at most this big are copied into the sender's registered bounce buffers and packed. */
    public static final int MAX_BOUNCE = 256 << 10;
    /** The most staging (slots × chunk size) one side may have: one registered region, sized in an int. */
    public static final int MAX_STAGING = 1 << 30;
    /** The most memory a server lets one session make it register, whichever role it plays. */
    public static final long MAX_PINNED = 256L << 20;
    /**
     * Direct memory a side allocates besides its staging, rings and scratch buffers: the message
     * being handled on each stream (8 KiB each) and the page or two each block is aligned by.
     */
    private static final long SMALL_BUFFERS = 1 << 20;

    /** Options without receiver settings or --chmod rules. */
    public TransferOptions(int chunkSize, int slots, long flags, long bandwidthLimit, FilterRules filters) {
        this(chunkSize, slots, flags, bandwidthLimit, filters, ReceiverSettings.NONE, ChmodRules.NONE);
    }

    /** Options whose receiver acts as the user it runs as (or --super asks). */
    public TransferOptions(int chunkSize, int slots, long flags, long bandwidthLimit, FilterRules filters,
            ReceiverSettings receiver, ChmodRules chmod) {
        this(chunkSize, slots, flags, bandwidthLimit, filters, receiver, chmod, false);
    }

    /** Options without --munge-links. */
    public TransferOptions(int chunkSize, int slots, long flags, long bandwidthLimit, FilterRules filters,
            ReceiverSettings receiver, ChmodRules chmod, boolean noSuper) {
        this(chunkSize, slots, flags, bandwidthLimit, filters, receiver, chmod, noSuper, false);
    }

    public TransferOptions {
        if (chunkSize < MIN_CHUNK || chunkSize > MAX_CHUNK || chunkSize % MIN_CHUNK != 0) {
            throw new IllegalArgumentException("chunk size must be a multiple of 4 KiB between 4 KiB and 64 MiB");
        }
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be positive");
        }
        if (slots > MAX_SLOTS) {
            throw new IllegalArgumentException("more than " + MAX_SLOTS + " slots");
        }
        if ((long) slots * chunkSize > MAX_STAGING) {
            throw new IllegalArgumentException(slots + " slots of " + chunkSize + " bytes are over "
                    + (MAX_STAGING >> 20) + " MiB of staging");
        }
        if (bandwidthLimit < 0) {
            throw new IllegalArgumentException("negative bandwidth limit");
        }
    }

    /** The staging region each side registers: a chunk per slot (at most {@link #MAX_STAGING}). */
    public int stagingBytes() {
        return slots * chunkSize;
    }

    /** Single files with default settings: what tests and simple callers need. */
    public static TransferOptions of(int chunkSize, long flags) {
        return new TransferOptions(chunkSize, DEFAULT_SLOTS, flags, 0, FilterRules.NONE);
    }

    /** These options, their receiver acting as a user even as root ({@code noSuper}), or not. */
    public TransferOptions withNoSuper(boolean noSuper) {
        return new TransferOptions(chunkSize, slots, flags, bandwidthLimit, filters, receiver, chmod, noSuper,
                mungeLinks);
    }

    /** These options with request flag {@code flag} set as well. */
    public TransferOptions withFlag(long flag) {
        return new TransferOptions(chunkSize, slots, flags | flag, bandwidthLimit, filters, receiver, chmod, noSuper,
                mungeLinks);
    }

    /** These options with --fake-super ({@code on}) or without. */
    public TransferOptions withFakeSuper(boolean on) {
        return withExtended(ExtendedOptions.FAKE_SUPER, on);
    }

    /** These options with extended flag {@code flag} (one without a value) set ({@code on}) or cleared. */
    public TransferOptions withExtended(long flag, boolean on) {
        ReceiverSettings changed = receiver.withExtended(receiver.extended().with(flag, on));
        return new TransferOptions(chunkSize, slots, flags, bandwidthLimit, filters, changed, chmod, noSuper,
                mungeLinks);
    }

    public boolean has(long flag) {
        return (flags & flag) != 0;
    }

    public boolean preserveTimes() {
        return has(SessionRequest.PRESERVE_TIMES);
    }

    /**
     * -t for directories, unless -O: as rsync, -b without --backup-dir implies -O (the backups it
     * leaves beside the files would change their directories' times anyway).
     */
    public boolean preserveDirectoryTimes() {
        return preserveTimes() && !has(SessionRequest.OMIT_DIR_TIMES)
                && !(has(SessionRequest.BACKUP) && receiver.backup().directory().isEmpty());
    }

    /** -U: entries carry their access times, which the receiver sets on all but directories. */
    public boolean preserveAtimes() {
        return receiver.extended().has(ExtendedOptions.ATIMES);
    }

    /** -t for symlinks, unless -J. */
    public boolean preserveLinkTimes() {
        return preserveTimes() && !has(SessionRequest.OMIT_LINK_TIMES);
    }

    public boolean preservePermissions() {
        return has(SessionRequest.PRESERVE_PERMISSIONS);
    }

    public boolean dryRun() {
        return has(SessionRequest.DRY_RUN);
    }

    /** Files at most this big are packed, whole, many to a pool buffer and a staging buffer. */
    public int bounceSize() {
        return Math.min(chunkSize, MAX_BOUNCE);
    }

    /**
     * Receive buffers each side posts. Every message but END, BYE and ABORT is answered one for
     * one, so a peer has at most a CHUNKS (or MR) per slot and an ENTRIES (or WANTS) per list in
     * flight outstanding (END and MORE come only once the list is answered). One more is the TCP
     * transport's, whose buffer is freed only once its handler returns, after the answer that let
     * the peer send again; the last is for the peer's last message, an ABORT, which therefore
     * always finds a receive posted. No margin is left.
     */
    public int receiveBuffers() {
        return slots + LISTS_IN_FLIGHT + 2;
    }

    /** Send buffers: the same bound, the other way. */
    public int sendBuffers() {
        return receiveBuffers();
    }

    /**
     * What one side registers for the whole session, in either role and whatever the files'
     * sizes: a chunk per slot (the receiver's staging, or the sender's pool) and the rings of
     * control messages.
     */
    public long pinnedBytes() {
        return (long) slots * chunkSize + (long) (receiveBuffers() + sendBuffers()) * ControlHeader.MAX_MESSAGE;
    }

    /**
     * As {@link #pinnedBytes()} over {@code streams} RDMA connections: the slots are split among
     * them, not multiplied; each stream but the first adds rings for its share of the slots.
     */
    public long pinnedBytes(int streams) {
        int ring = RdmaTransport.extraStreamRing(slots, streams);
        return pinnedBytes() + 2L * (streams - 1) * ring * ControlHeader.MAX_MESSAGE;
    }

    /** The most {@link #pinnedBytes(int)} over any number of streams a session may run. */
    public long maxPinnedBytes() {
        long most = 0;
        for (int streams = 1; streams <= Math.min(StreamCount.MAX, slots); streams++) {
            most = Math.max(most, pinnedBytes(streams));
        }
        return most;
    }

    /**
     * The most direct memory one side of a session allocates: what it may register
     * ({@link #maxPinnedBytes()}), its scratch buffers (a chunk to read prefixes and local copies
     * through, the MD5 and the backup copy buffers) and the small ones. What a daemon reserves
     * for a session before allocating any of it.
     */
    public long maxDirectBytes() {
        return maxPinnedBytes() + chunkSize + ContentMd5.BUFFER + Backups.COPY_BUFFER + SMALL_BUFFERS;
    }

    /** Send queue depth: up to two WRITEs and a SEND per slot in flight, plus the control messages. */
    public int queueDepth() {
        return 3 * slots + LISTS_IN_FLIGHT + 8;
    }
}
