package dev.rdcp.session;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The direct memory a daemon's sessions may hold in all. Each session reserves the most its
 * buffers can take before it allocates any, and gives it back when it ends; one that would pass
 * the budget is refused as the server being busy. Without it, 16 clients that ask for large
 * buffers and then sit idle could hold 4 GiB, past the JVM's direct-memory limit (by default the
 * heap's maximum, a quarter of RAM), and every session after them would fail.
 */
final class DirectMemoryBudget {

    /** A session's share, given back once by {@link #close}. */
    interface Reservation extends AutoCloseable {
        /** Nothing reserved: where no budget applies (ssh mode serves one client). */
        Reservation NONE = () -> { };

        @Override
        void close();
    }

    private static final String MAX_DIRECT_OPTION = "-XX:MaxDirectMemorySize=";

    private final long limit;
    private long reserved;

    DirectMemoryBudget(long limit) {
        this.limit = limit;
    }

    /**
     * Three quarters of the JVM's direct-memory limit: the rest is for what sessions allocate
     * without reserving it (the JDK's own I/O buffers).
     */
    static DirectMemoryBudget standard() {
        long jvmLimit = jvmDirectMemoryLimit(ManagementFactory.getRuntimeMXBean().getInputArguments(),
                Runtime.getRuntime().maxMemory());
        return new DirectMemoryBudget(jvmLimit / 4 * 3);
    }

    /**
     * The JVM's direct-memory limit: the last {@code -XX:MaxDirectMemorySize} among
     * {@code jvmArguments}, else (as the JDK documents) the heap's maximum, {@code maxHeap}.
     */
    static long jvmDirectMemoryLimit(List<String> jvmArguments, long maxHeap) {
        long limit = maxHeap;
        for (String argument : jvmArguments) {
            if (argument.startsWith(MAX_DIRECT_OPTION)) {
                limit = size(argument.substring(MAX_DIRECT_OPTION.length()), maxHeap);
            }
        }
        return limit;
    }

    /** HotSpot's size syntax (a number of bytes, or with k, m, g or t); {@code otherwise} if not one. */
    private static long size(String text, long otherwise) {
        if (text.isEmpty()) {
            return otherwise;
        }
        int shift = switch (Character.toLowerCase(text.charAt(text.length() - 1))) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            case 't' -> 40;
            default -> 0;
        };
        String digits = shift == 0 ? text : text.substring(0, text.length() - 1);
        try {
            long value = Long.parseLong(digits);
            return value < 0 || value > Long.MAX_VALUE >> shift ? otherwise : value << shift;
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    long limit() {
        return limit;
    }

    synchronized long reserved() {
        return reserved;
    }

    /**
     * Reserves {@code bytes} for one session.
     *
     * @throws RdcpException when the sessions running hold too much for it now (exit code 5, as a
     *     full daemon), or when it alone would pass the budget (exit code 1: its settings)
     */
    Reservation reserve(long bytes) throws RdcpException {
        if (bytes > limit) {
            throw new RdcpException(ExitCode.USAGE, "the server refuses the transfer settings: their buffers take "
                    + mebibytes(bytes) + ", over the " + mebibytes(limit) + " it has for all its sessions");
        }
        synchronized (this) {
            if (bytes > limit - reserved) {
                throw new RdcpException(ExitCode.START_CLIENT_SERVER, "the server is busy (its sessions hold "
                        + mebibytes(reserved) + " of its " + mebibytes(limit) + " for buffers, this one needs "
                        + mebibytes(bytes) + "); try again later");
            }
            reserved += bytes;
        }
        return new Reservation() {
            private boolean released;

            @Override
            public void close() {
                synchronized (DirectMemoryBudget.this) {
                    if (!released) {
                        released = true;
                        reserved -= bytes;
                    }
                }
            }
        };
    }

    private static String mebibytes(long bytes) {
        return ((bytes + (1 << 20) - 1) >> 20) + " MiB";
    }
}
