package dev.rdcp.transfer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Who this process creates files as, and its umask, read once from /proc. Unknown values are -1,
 * which makes every comparison with them fail, so nothing is skipped on a guess.
 */
record ProcessIdentity(int uid, int gid, int umask) {

    static ProcessIdentity read() {
        int uid = -1;
        int gid = -1;
        int umask = -1;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                String[] fields = line.split("\\s+");
                switch (fields[0]) {
                    case "Umask:" -> umask = Integer.parseInt(fields[1], 8);
                    case "Uid:" -> uid = Integer.parseInt(fields[2]);
                    case "Gid:" -> gid = Integer.parseInt(fields[2]);
                    default -> {
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return new ProcessIdentity(-1, -1, -1);
        }
        return new ProcessIdentity(uid, gid, umask);
    }
}
