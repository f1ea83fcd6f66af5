package dev.rdcp.posix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** This process's soft limit on open descriptors (RLIMIT_NOFILE), read when asked: it can be lowered meanwhile. */
public final class DescriptorLimit {

    /** What is assumed when /proc cannot say: the kernel's default soft limit. */
    static final long ASSUMED = 1024;

    private DescriptorLimit() {
    }

    /** The soft limit now; {@link Long#MAX_VALUE} when unlimited, {@link #ASSUMED} when unknown. */
    public static long soft() {
        try {
            return soft(Files.readAllLines(Path.of("/proc/self/limits")));
        } catch (IOException | RuntimeException e) {
            return ASSUMED;
        }
    }

    /** The soft "Max open files" of {@code limits}, the lines of /proc/self/limits. */
    static long soft(List<String> limits) {
        for (String line : limits) {
            if (line.startsWith("Max open files")) {
                String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                return soft.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(soft);
            }
        }
        return ASSUMED;
    }
}
