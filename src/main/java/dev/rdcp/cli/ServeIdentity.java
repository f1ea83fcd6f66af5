package dev.rdcp.cli;

import dev.rdcp.posix.ProcessIdentities;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * serve's --user and --group: whom a daemon started as root becomes once its port is bound and
 * its secret read, so that a client reaching a bug reaches an unprivileged process. Names go
 * through NSS; a number is taken as an id.
 */
record ServeIdentity(int uid, int gid) {

    private static final int ROOT = 0;

    /** The identity asked for, or null when neither option was given. */
    static ServeIdentity resolve(String user, String group) throws IOException {
        if (user == null && group == null) {
            return null;
        }
        if (effectiveUid() != ROOT) {
            throw new RdcpException(ExitCode.USAGE, "--user and --group need the daemon to start as root");
        }
        int uid = ROOT;
        Integer gid = null;
        if (user != null) {
            if (isNumber(user)) {
                uid = parseId(user, "--user");
            } else {
                ProcessIdentities.User found = ProcessIdentities.user(user);
                if (found == null) {
                    throw new RdcpException(ExitCode.USAGE, "--user: no such user: " + user);
                }
                uid = found.uid();
                gid = found.gid();
            }
        }
        if (group != null) {
            OptionalInt found = isNumber(group) ? OptionalInt.of(parseId(group, "--group")) : ProcessIdentities.group(group);
            if (found.isEmpty()) {
                throw new RdcpException(ExitCode.USAGE, "--group: no such group: " + group);
            }
            gid = found.getAsInt();
        }
        if (gid == null) {
            throw new RdcpException(ExitCode.USAGE, "--user " + user + " is a number: name the group with --group");
        }
        return new ServeIdentity(uid, gid);
    }

    /** Becomes this identity for good. */
    void assume() throws IOException {
        try {
            ProcessIdentities.dropTo(uid, gid);
        } catch (IOException e) {
            throw new RdcpException(ExitCode.START_CLIENT_SERVER, "cannot become uid " + uid + ", gid " + gid + ": "
                    + e.getMessage());
        }
    }

    private static int effectiveUid() throws IOException {
        return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    }

    private static boolean isNumber(String text) {
        return !text.isEmpty() && text.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static int parseId(String text, String option) throws RdcpException {
        try {
            long id = Long.parseLong(text);
            if (id < 0 || id >= 0xFFFFFFFFL) {
                throw new NumberFormatException();
            }
            return (int) id;
        } catch (NumberFormatException e) {
            throw new RdcpException(ExitCode.USAGE, option + ": not a valid id: " + text);
        }
    }
}
