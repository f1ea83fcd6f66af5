package dev.rdcp.transfer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Who this process creates files as, the groups it is a member of, and its umask, read once from
 * /proc. Unknown values are -1 (and no groups), which makes every comparison with them fail, so
 * nothing is skipped on a guess.
 */
record ProcessIdentity(int uid, int gid, int umask, Set<Integer> groups) {

    static final ProcessIdentity UNKNOWN = new ProcessIdentity(-1, -1, -1, Set.of());

    ProcessIdentity {
        groups = Set.copyOf(groups);
    }

    /** Whether this process may give a file it owns group {@code id}: its own group or a supplementary one. */
    boolean memberOf(int id) {
        return id != -1 && (id == gid || groups.contains(id));
    }

    static ProcessIdentity read() {
        int uid = -1;
        int gid = -1;
        int umask = -1;
        Set<Integer> groups = new HashSet<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                String[] fields = line.split("\\s+");
                switch (fields[0]) {
                    case "Umask:" -> umask = Integer.parseInt(fields[1], 8);
                    case "Uid:" -> uid = Integer.parseInt(fields[2]);
                    case "Gid:" -> gid = Integer.parseInt(fields[2]);
                    case "Groups:" -> {
                        for (int i = 1; i < fields.length; i++) {
                            groups.add(Integer.parseUnsignedInt(fields[i]));
                        }
                    }
                    default -> {
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
        return new ProcessIdentity(uid, gid, umask, groups);
    }
}
