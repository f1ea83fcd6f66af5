package dev.rdcp.transfer;

/** For the CLI's tests that stop a copy in their own process: the process-wide stop, withdrawn afterwards. */
public final class StopRequests {

    private StopRequests() {
    }

    /** The next session runs as usual. */
    public static void clear() {
        StopRequest.clear();
    }
}
