package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Whether this process may pin what a copy pins: RLIMIT_MEMLOCK (soft, from /proc/self/limits),
 * unless the process holds CAP_IPC_LOCK, which lifts the limit for memory registration.
 */
final class MemlockCheck {

    private static final int CAP_IPC_LOCK = 14;
    private static final String FIX = "raise 'ulimit -l' (in /etc/security/limits.conf: '* - memlock unlimited';"
            + " for a systemd service: LimitMEMLOCK=infinity), or run with CAP_IPC_LOCK";

    private MemlockCheck() {
    }

    /** {@code pinnedBytes}: what one side of a copy registers ({@code TransferOptions.pinnedBytes}), either role. */
    static Finding check(long pinnedBytes) throws IOException {
        return check(pinnedBytes, Files.readAllLines(Path.of("/proc/self/limits")),
                Files.readAllLines(Path.of("/proc/self/status")));
    }

    /** {@code limits} and {@code status}: the lines of /proc/self/limits and /proc/self/status. */
    static Finding check(long pinnedBytes, List<String> limits, List<String> status) {
        String need = "a copy pins " + mebibytes(pinnedBytes) + " on each side";
        if (hasIpcLock(status)) {
            return Finding.ok("memlock", "CAP_IPC_LOCK held, no limit applies (" + need + ")");
        }
        OptionalLong limit = softLimit(limits);
        if (limit.isEmpty()) {
            return Finding.ok("memlock", "unlimited (" + need + ")");
        }
        String detail = "limit " + mebibytes(limit.getAsLong()) + "; " + need;
        return limit.getAsLong() >= pinnedBytes ? Finding.ok("memlock", detail)
                : Finding.fail(ExitCode.MEMORY, "memlock", detail, FIX);
    }

    /** The soft "Max locked memory" limit in bytes; empty when unlimited. */
    static OptionalLong softLimit(List<String> limits) {
        for (String line : limits) {
            if (line.startsWith("Max locked memory")) {
                String soft = line.substring("Max locked memory".length()).trim().split("\\s+")[0];
                return soft.equals("unlimited") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(soft));
            }
        }
        throw new IllegalStateException("no 'Max locked memory' line in /proc/self/limits");
    }

    static boolean hasIpcLock(List<String> status) {
        for (String line : status) {
            if (line.startsWith("CapEff:")) {
                return new BigInteger(line.substring("CapEff:".length()).trim(), 16).testBit(CAP_IPC_LOCK);
            }
        }
        return false;
    }

    static String mebibytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }
}
