package dev.rdcp.transport;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Owns resources opened one after another and closes them in reverse order, every one of them,
 * even when some fail: the first failure is thrown with the others suppressed.
 */
public final class ResourceStack implements AutoCloseable {

    private final Deque<AutoCloseable> resources = new ArrayDeque<>();

    public <T extends AutoCloseable> T push(T resource) {
        resources.push(resource);
        return resource;
    }

    /** Closes {@code resource} after {@code failure}, attaching a close error to it as suppressed. */
    public static void closeAfter(AutoCloseable resource, Throwable failure) {
        ResourceStack single = new ResourceStack();
        single.push(resource);
        single.closeAfter(failure);
    }

    /** Closes everything after {@code failure}, attaching close errors to it as suppressed. */
    public void closeAfter(Throwable failure) {
        try {
            close();
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    @Override
    public void close() throws IOException {
        Exception first = null;
        while (!resources.isEmpty()) {
            try {
                resources.pop().close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first instanceof IOException io) {
            throw io;
        }
        if (first instanceof RuntimeException re) {
            throw re;
        }
        if (first != null) {
            throw new IOException(first);
        }
    }
}
