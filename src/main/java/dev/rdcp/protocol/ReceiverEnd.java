package dev.rdcp.protocol;

/**
 * The receiver's END payload: {@code u64 entries created, u8 more}, then {@link Report}s. With
 * {@code more} set, reports did not all fit: the sender asks for the rest with MORE.
 */
public final class ReceiverEnd {

    public static final int SIZE = 9;

    private ReceiverEnd() {
    }
}
