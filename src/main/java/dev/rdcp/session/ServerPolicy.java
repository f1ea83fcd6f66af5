package dev.rdcp.session;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

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
    /** As the kernel's limit of symlinks followed in one path lookup (ELOOP). */
    private static final int MAX_SYMLINKS = 40;

    public static ServerPolicy daemon(Path root, boolean readOnly, byte[] secret) {
        return new ServerPolicy(root.toAbsolutePath().normalize(), null, readOnly, secret, false, false);
    }

    /** This policy, its sessions acting as rsync's --fake-super ({@code on}) or as the client asks. */
    public ServerPolicy withFakeSuper(boolean on) {
        return new ServerPolicy(root, base, readOnly, secret, noSuper, on);
    }

    /**
     * An ssh server's or a local copy's: client paths relative to {@code base}, its receiver
     * acting as a user with {@code noSuper}.
     */
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
        if (leadsOut(root, relative)) {
            throw escape(clientPath);
        }
        return root.resolve(relative).normalize();
    }

    /**
     * Whether {@code relative} leads out of {@code root}: each symlink on the way followed while
     * the way stays beneath the root, a missing component taken as named. A symlink leading out
     * leads out whether or not its target exists, so that the answer tells a client nothing of
     * what lies outside the root. More symlinks than the kernel follows is a loop, which the
     * lookup itself refuses later (every access goes beneath the root's descriptor anyway).
     */
    private static boolean leadsOut(Path root, Path relative) throws IOException {
        Path realRoot = root.toRealPath();
        Deque<String> way = new ArrayDeque<>();
        relative.forEach(part -> way.add(part.toString()));
        Path at = realRoot;
        int symlinks = 0;
        while (!way.isEmpty()) {
            String part = way.poll();
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (at.equals(realRoot)) {
                    return true;
                }
                at = at.getParent();
                continue;
            }
            Path next = at.resolve(part);
            if (!Files.isSymbolicLink(next)) {
                at = next;
                continue;
            }
            if (++symlinks > MAX_SYMLINKS) {
                return false;
            }
            Path target = Files.readSymbolicLink(next);
            if (target.isAbsolute()) {
                // An absolute target names the root by its real path or as the daemon was given it.
                target = target.normalize();
                Path named = target.startsWith(realRoot) ? realRoot : target.startsWith(root) ? root : null;
                if (named == null) {
                    return true;
                }
                at = realRoot;
                target = named.relativize(target);
            }
            List<String> parts = new ArrayList<>();
            target.forEach(targetPart -> parts.add(targetPart.toString()));
            for (int i = parts.size() - 1; i >= 0; i--) {
                way.addFirst(parts.get(i));
            }
        }
        return false;
    }

    private static RdcpException escape(String clientPath) {
        return new RdcpException(ExitCode.FILE_SELECTION, "path escapes the served directory: " + clientPath);
    }
}
