package dev.rdcp.transfer;

import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.protocol.ReceiverCounts;

/** What a transfer tells the command running it: progress and the outcome of each file. */
public interface TransferListener {

    /**
     * An entry joined the file list (a regular file, directory or symlink); {@code size} is a
     * file's size, a symlink's target length (rsync counts it in the total size), else 0.
     */
    default void listed(String name, EntryType type, long size) {
    }

    /** A listed regular file needs no transfer: the receiver's copy is up to date. */
    default void upToDate(String name) {
    }

    /**
     * The receiving side's tally by kind, once its role is done: the entries that did not exist
     * there and were made, and those --delete removed (or would have, in a dry run). At a push's
     * sender, only where the session asked for them ({@code ExtendedOptions.RECEIVER_COUNTS}).
     */
    default void receiverCounts(ReceiverCounts counts) {
    }

    /** An ENTRIES message of {@code bytes} (its header and payload) was sent or received: the file list's size. */
    default void listMessage(int bytes) {
    }

    /** {@code name} (its raw bytes) was deleted on the receiver by --delete (or would be, in a dry run). */
    default void deleted(byte[] name) {
    }

    /**
     * -b: what stood at {@code name} on the receiver was kept as {@code backupName} (both raw
     * names beneath the destination) before it was replaced or deleted.
     */
    default void backedUp(byte[] name, byte[] backupName) {
    }

    /**
     * With -i or --out-format: the receiving side changed (or found unchanged, with -ii) one entry;
     * deletions come as {@link #deleted} alone.
     */
    default void itemized(ItemizedChange change) {
    }

    /** A file started; {@code name} is its name on the receiving side. */
    default void fileStarted(String name, long size) {
    }

    /**
     * A file the receiver asked for is not sent after all, and is no failure: --append's file
     * that shrank since it was listed, which rsync's sender skips before it names it.
     */
    default void fileSkipped(String name) {
    }

    /** {@code done} of the current file's bytes have moved. Called per chunk: keep it cheap. */
    default void progress(long done) {
    }

    /**
     * The file is complete and correct under its final name (at the sender: all of it was sent);
     * {@code bytes} of its data moved in this run, which is less than its size for a resumed file.
     */
    default void fileDone(String name, long bytes) {
    }

    /**
     * At the sender: a file {@link #fileDone} counted, whose {@code bytes} moved, failed at the
     * receiver after all (its failure comes through {@link #fileFailed}): it no longer counts.
     */
    default void sentFileFailed(long bytes) {
    }

    /**
     * A file failed; {@code exitCode} says how (docs/exit-codes.md) and {@code message} names the
     * file. Nothing is left under its final name.
     */
    default void fileFailed(int exitCode, String message) {
    }

    /**
     * The session will move its data over {@code transport} ("rdma" or "tcp"); a non-empty
     * {@code fallbackReason} says why it is TCP although RDMA was not ruled out by the user.
     */
    default void transportChosen(String transport, String fallbackReason) {
    }

    TransferListener NONE = new TransferListener() {
    };

    /**
     * The session's traffic as this side saw it, once its role is done: messages and data sent, and
     * messages and data received (set-up on the TCP connection not counted).
     */
    default void traffic(long bytesSent, long bytesReceived) {
    }

    /** One listener that passes every event to each of {@code listeners}, in order. */
    static TransferListener all(TransferListener... listeners) {
        return new FanOutListener(listeners);
    }
}
