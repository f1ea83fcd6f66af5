package dev.rdcp.transport;

import dev.rdcp.protocol.StreamCount;

/**
 * Which device, port and GID to use, the queue sizes, and how many streams (RC connections) to
 * ask for. {@code deviceName} null means the first device; {@code gidIndex} -1 means choose
 * automatically; {@code streams} 0 means {@link #defaultStreams()}.
 */
public record RdmaSettings(String deviceName, int portNumber, int gidIndex, int queueDepth, int streams) {

    /** The most streams a one-side default asks for: beyond it, the staging slots per stream get few. */
    private static final int DEFAULT_STREAMS_CAP = 4;

    public RdmaSettings {
        if (streams < 0 || streams > StreamCount.MAX) {
            throw new IllegalArgumentException("streams must be 1 to " + StreamCount.MAX);
        }
    }

    /** Streams left to the default. */
    public RdmaSettings(String deviceName, int portNumber, int gidIndex, int queueDepth) {
        this(deviceName, portNumber, gidIndex, queueDepth, 0);
    }

    public static RdmaSettings defaults() {
        return new RdmaSettings(null, 1, -1, 64);
    }

    /** These settings asking for {@code count} streams. */
    public RdmaSettings withStreams(int count) {
        return new RdmaSettings(deviceName, portNumber, gidIndex, queueDepth, count);
    }

    /** The streams to ask for: as given, else {@link #defaultStreams()}. */
    public int streamsWanted() {
        return streams == 0 ? defaultStreams() : streams;
    }

    /**
     * One stream per two cores (each stream's completions want a polling core, and the files they
     * carry a writing one), at most {@value #DEFAULT_STREAMS_CAP}, at least 1: so 1 on a host of
     * up to three cores, where more streams cannot run in parallel.
     */
    public static int defaultStreams() {
        return Math.max(1, Math.min(DEFAULT_STREAMS_CAP, Runtime.getRuntime().availableProcessors() / 2));
    }
}
