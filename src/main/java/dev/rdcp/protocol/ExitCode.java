package dev.rdcp.protocol;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * rdcp's exit codes: rsync's numbers where the condition maps, plus one for "RDMA unavailable".
 * docs/exit-codes.md and {@code rdcp --help} show this table. They travel on the wire too: an
 * ERROR frame, a report or a problem entry carries the code its failure maps to.
 */
public enum ExitCode {
    OK(0, "success"),
    USAGE(1, "syntax or usage error"),
    PROTOCOL(2, "protocol incompatibility (version mismatch, not an rdcp peer)"),
    FILE_SELECTION(3, "errors selecting input/output files or directories"),
    UNSUPPORTED(4, "requested action not supported"),
    START_CLIENT_SERVER(5, "error starting the client-server protocol (authentication, refused request)"),
    SOCKET_IO(10, "error in socket I/O"),
    FILE_IO(11, "error in file I/O"),
    DATA_STREAM(12, "error in the data stream (checksum mismatch, RDMA transfer error)"),
    IPC(14, "error in IPC (ssh or the remote rdcp could not be started)"),
    SIGNAL(20, "received SIGINT, SIGTERM or SIGHUP"),
    MEMORY(22, "could not register memory (raise the locked-memory limit: ulimit -l)"),
    PARTIAL(23, "partial transfer due to error"),
    VANISHED(24, "partial transfer due to vanished source files"),
    DELETE_LIMIT(25, "the --max-delete limit stopped deletions"),
    TIMEOUT(30, "timeout waiting for the peer, or the --stop-after or --stop-at limit reached"),
    CONNECTION_TIMEOUT(35, "timeout waiting for the connection (--contimeout)"),
    RDMA_UNAVAILABLE(40, "RDMA unavailable (no libibverbs, no device, or no such device, port or GID)"),
    INTERNAL(70, "internal error (a bug: please report it with the output of -vv)");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    public int code() {
        return code;
    }

    public String meaning() {
        return meaning;
    }

    /** The code with this number; an unknown number from a newer peer reads as a protocol error. */
    public static ExitCode ofCode(int code) {
        for (ExitCode e : values()) {
            if (e.code == code) {
                return e;
            }
        }
        return PROTOCOL;
    }

    /** The table as picocli's exit-code help section wants it: code → meaning. */
    public static Map<String, String> helpTable() {
        Map<String, String> table = new LinkedHashMap<>();
        for (ExitCode e : values()) {
            table.put(String.format("%3d", e.code), e.meaning);
        }
        return table;
    }
}
