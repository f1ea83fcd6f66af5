package dev.rdcp.verbs;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/** One owned native verbs object; {@link #close()} releases it exactly once. */
abstract class NativeHandle implements AutoCloseable {

    private final String destroyVerb;
    private Pointer handle;

    NativeHandle(Pointer handle, String destroyVerb) {
        this.handle = handle;
        this.destroyVerb = destroyVerb;
    }

    final Pointer handle() {
        Pointer h = handle;
        if (h == null) {
            throw new IllegalStateException(getClass().getSimpleName() + " is closed");
        }
        return h;
    }

    /** Calls the destroy verb; returns its raw result. */
    abstract int destroy(Pointer h);

    @Override
    public final void close() throws VerbsException {
        Pointer h = handle;
        if (h == null) {
            return;
        }
        handle = null;
        checkResult(destroyVerb, destroy(h));
    }

    /**
     * Verbs report failure either as a positive errno value or as -1 with errno set; both
     * become a {@link VerbsException}.
     */
    static void checkResult(String verb, int rc) throws VerbsException {
        if (rc > 0) {
            throw VerbsException.ofErrno(verb, rc);
        }
        if (rc < 0) {
            throw VerbsException.ofErrno(verb, Native.getLastError());
        }
    }

    /** For the shim's calls, which return -errno. */
    static void checkShim(String verb, int rc) throws VerbsException {
        if (rc < 0) {
            throw VerbsException.ofErrno(verb, -rc);
        }
    }

    static Pointer checkCreated(String verb, Pointer created) throws VerbsException {
        if (created == null) {
            throw VerbsException.ofErrno(verb, Native.getLastError());
        }
        return created;
    }
}
