package dev.rdcp.transport;

import java.io.IOException;

/** A failure another thread caught, thrown again on the thread that waited for it, as what it was. */
public final class ThreadFailure {

    private ThreadFailure() {
    }

    /** Throws {@code failure} if it is an IOException, an unchecked exception or an Error; returns if null. */
    public static void rethrow(Throwable failure) throws IOException {
        if (failure instanceof IOException e) {
            throw e;
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
    }
}
