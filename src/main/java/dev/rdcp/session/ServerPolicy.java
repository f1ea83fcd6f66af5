package dev.rdcp.session;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * What a server lets clients touch. A daemon confines every path to its root (a leading '/'
 * means the root; no '..'; no symlink leading out). Over ssh the user's own rights apply:
 * relative paths start in the directory the server runs in. {@code noSuper}: a local copy's
 * server, in its client's process, whose receiver acts as a user even as root (--no-super).
 * {@code fakeSuper}: a daemon served with --fake-super (rsyncd's {@code fake super = yes}), whose
 * receiver and sender act as rsync's --fake-super whatever the client asks.
 */
public record ServerPolicy(Path root, Path base, boolean readOnly, byte[] secret, boolean noSuper,
        boolean fakeSuper) {

    /** Linux's PATH_MAX: no longer path can name a file. */
    static final int PATH_MAX = 4096;

    public static ServerPolicy daemon(Path root, boolean readOnly, byte[] secret) {
        return new ServerPolicy(root.toAbsolutePath().normalize(), null, readOnly, secret, false, false);
    }

    /** This policy, its sessions acting as rsync's --fake-super ({@code on}) or as the client asks. */
    public ServerPolicy withFakeSuper(boolean on) {
        return new ServerPolicy(root, base, readOnly, secret, noSuper, on);
    }

    public static ServerPolicy ssh(Path base, byte[] token) {
        return local(base, token, false);
    }

    /** A local copy's server: as ssh mode's, its receiver acting as a user with {@code noSuper}. */
    static ServerPolicy local(Path base, byte[] token, boolean noSuper) {
        return new ServerPolicy(null, base.toAbsolutePath(), false, token, noSuper, false);
    }

    /** The local path a client's path names. */
    public Path resolve(String clientPath) throws IOException {
        try {
            return root == null ? base.resolve(clientPath) : resolveUnderRoot(clientPath);
        } catch (InvalidPathException e) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "invalid path: " + e.getReason());
        }
    }

    private Path resolveUnderRoot(String clientPath) throws IOException {
        // The check below looks at each missing ancestor in turn: bounded as the kernel bounds a path.
        if (clientPath.length() > PATH_MAX || clientPath.getBytes(StandardCharsets.UTF_8).length > PATH_MAX) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "path longer than " + PATH_MAX + " bytes");
        }
        Path relative = Path.of(clientPath.replaceFirst("^/+", ""));
        for (Path part : relative) {
            if (part.toString().equals("..")) {
                throw escape(clientPath);
            }
        }
        Path path = root.resolve(relative).normalize();
        Path realRoot = root.toRealPath();
        // The deepest existing ancestor shows where symlinks really lead.
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !existing.toRealPath().startsWith(realRoot)) {
            throw escape(clientPath);
        }
        return path;
    }

    private static RdcpException escape(String clientPath) {
        return new RdcpException(ExitCode.FILE_SELECTION, "path escapes the served directory: " + clientPath);
    }
}
