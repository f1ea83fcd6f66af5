package dev.rdcp.transport;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;

/** The JVM's own count of direct buffers in use, buffers the collector has not freed yet included. */
public final class DirectPool {

    private DirectPool() {
    }

    public static BufferPoolMXBean direct() {
        return ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(pool -> pool.getName().equals("direct"))
                .findFirst()
                .orElseThrow();
    }

    public static long bytesInUse() {
        return direct().getMemoryUsed();
    }
}
