package dev.rdcp.transfer;

/** What a transfer tells the command running it: progress and the outcome of each file. */
public interface TransferListener {

    /** A file started; {@code name} is its name on the receiving side. */
    default void fileStarted(String name, long size) {
    }

    /** {@code done} of the current file's bytes have moved. Called per chunk: keep it cheap. */
    default void progress(long done) {
    }

    /** The file is complete and correct under its final name. */
    default void fileDone(String name, long size) {
    }

    /**
     * A file failed; {@code exitCode} says how (docs/exit-codes.md) and {@code message} names the
     * file. Nothing is left under its final name.
     */
    default void fileFailed(int exitCode, String message) {
    }

    TransferListener NONE = new TransferListener() {
    };
}
