package dev.rdcp.transport;

/**
 * Which device, port and GID to use, and the queue sizes. {@code deviceName} null means the first
 * device; {@code gidIndex} -1 means choose automatically.
 */
public record RdmaSettings(String deviceName, int portNumber, int gidIndex, int queueDepth) {

    public static RdmaSettings defaults() {
        return new RdmaSettings(null, 1, -1, 64);
    }
}
