package dev.rdcp.posix;

import dev.rdcp.posix.jna.RdcpPosix;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.OptionalInt;

/**
 * Users and groups by name and names by id (through NSS, as id(1) sees them), and the daemon's one-way drop to
 * an unprivileged user once its port is bound. Java has neither.
 */
public final class ProcessIdentities {

    /** A user's id and primary group. */
    public record User(int uid, int gid) {
    }

    private ProcessIdentities() {
    }

    /** The user named {@code name}, or null when there is none. */
    public static User user(String name) throws IOException {
        return user(name.getBytes(StandardCharsets.UTF_8));
    }

    /** The user named by the raw bytes {@code name}, or null when there is none. */
    public static User user(byte[] name) throws IOException {
        long[] ids = new long[2];
        int rc = RdcpPosix.rdcp_user_ids(CStrings.of(name), ids);
        if (rc == -Errno.ENOENT) {
            return null;
        }
        if (rc < 0) {
            throw ErrnoException.of("getpwnam_r(" + new String(name, StandardCharsets.UTF_8) + ")", -rc);
        }
        return new User((int) ids[0], (int) ids[1]);
    }

    /** The id of the group named {@code name}, empty when there is none. */
    public static OptionalInt group(String name) throws IOException {
        return group(name.getBytes(StandardCharsets.UTF_8));
    }

    /** The id of the group named by the raw bytes {@code name}, empty when there is none. */
    public static OptionalInt group(byte[] name) throws IOException {
        long[] id = new long[1];
        int rc = RdcpPosix.rdcp_group_id(CStrings.of(name), id);
        if (rc == -Errno.ENOENT) {
            return OptionalInt.empty();
        }
        if (rc < 0) {
            throw ErrnoException.of("getgrnam_r(" + new String(name, StandardCharsets.UTF_8) + ")", -rc);
        }
        return OptionalInt.of((int) id[0]);
    }

    /** The name of user {@code uid} (at most {@code capacity} bytes), or null when it has none that fits. */
    public static byte[] userName(int uid, int capacity) throws IOException {
        byte[] name = new byte[capacity];
        return name(RdcpPosix.rdcp_user_name(Integer.toUnsignedLong(uid), name, capacity), name, "getpwuid_r", uid);
    }

    /** The name of group {@code gid} (at most {@code capacity} bytes), or null when it has none that fits. */
    public static byte[] groupName(int gid, int capacity) throws IOException {
        byte[] name = new byte[capacity];
        return name(RdcpPosix.rdcp_group_name(Integer.toUnsignedLong(gid), name, capacity), name, "getgrgid_r", gid);
    }

    private static byte[] name(int rc, byte[] buffer, String call, int id) throws IOException {
        if (rc == -Errno.ENOENT) {
            return null;
        }
        if (rc < 0) {
            throw ErrnoException.of(call + "(" + Integer.toUnsignedString(id) + ")", -rc);
        }
        return Arrays.copyOf(buffer, rc);
    }

    /**
     * Becomes {@code uid} with {@code gid} as its only group, for every thread of the process and
     * for good: it fails if root could be regained afterwards.
     */
    public static void dropTo(int uid, int gid) throws IOException {
        int rc = RdcpPosix.rdcp_drop_privileges(Integer.toUnsignedLong(uid), Integer.toUnsignedLong(gid));
        if (rc < 0) {
            throw ErrnoException.of("dropping privileges to uid " + uid + ", gid " + gid, -rc);
        }
    }
}
