package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Everything under a directory except the subtree of the root a peer writes into, recorded so a
 * test can prove afterwards that nothing there was created, removed, changed (content, mode,
 * owner, times, link count) or read, and that the root itself kept its mode and owner. Regular
 * files get an access time in the past when recorded, so a read of their data shows (relatime
 * updates an access time older than a day). Nothing inside the root may be a hard link to a
 * file outside.
 */
final class OutsideSnapshot {

    private static final FileTime LONG_AGO = FileTime.fromMillis(System.currentTimeMillis() - 3L * 24 * 3600 * 1000);

    private final Path top;
    private final Path root;
    private final Map<String, String> state;
    private final Map<String, String> contents;
    private final String rootState;

    private OutsideSnapshot(Path top, Path root, Map<String, String> state, Map<String, String> contents,
            String rootState) {
        this.top = top;
        this.root = root;
        this.state = state;
        this.contents = contents;
        this.rootState = rootState;
    }

    /** Records {@code top} but {@code root}'s contents; {@code root} must lie inside {@code top}. */
    static OutsideSnapshot of(Path top, Path root) throws IOException {
        Map<String, String> contents = contents(top, root);
        for (Path file : walk(top, root)) {
            if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                Files.getFileAttributeView(file, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .setTimes(null, LONG_AGO, null);
            }
        }
        return new OutsideSnapshot(top, root, record(top, root), contents, rootState(root));
    }

    /** Fails with every difference found outside the root, and any hard link from inside to outside. */
    void assertUnchanged(String context) throws IOException {
        List<String> problems = new ArrayList<>();
        Map<String, String> now = record(top, root);
        if (!contents(top, root).equals(contents)) {
            problems.add("file contents changed: " + contents + " -> " + contents(top, root));
        }
        for (Map.Entry<String, String> before : state.entrySet()) {
            String after = now.get(before.getKey());
            if (after == null) {
                problems.add("removed " + before.getKey());
            } else if (!after.equals(before.getValue())) {
                problems.add("changed " + before.getKey() + ": " + before.getValue() + " -> " + after);
            }
        }
        for (String created : now.keySet()) {
            if (!state.containsKey(created)) {
                problems.add("created " + created + ": " + now.get(created));
            }
        }
        String rootNow = rootState(root);
        if (!rootNow.equals(rootState)) {
            problems.add("the root's mode or owner changed: " + rootState + " -> " + rootNow);
        }
        problems.addAll(linksToOutside());
        if (!problems.isEmpty()) {
            fail(context + ": outside the root " + problems);
        }
    }

    private List<String> linksToOutside() throws IOException {
        Map<Object, String> outsideFiles = new TreeMap<>();
        for (Path file : walk(top, root)) {
            if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                outsideFiles.put(Files.getAttribute(file, "unix:ino", LinkOption.NOFOLLOW_LINKS).toString(),
                        top.relativize(file).toString());
            }
        }
        List<String> problems = new ArrayList<>();
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return problems;
        }
        try (Stream<Path> inside = Files.walk(root)) {
            for (Path file : inside.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).toList()) {
                String outside = outsideFiles.get(Files.getAttribute(file, "unix:ino", LinkOption.NOFOLLOW_LINKS)
                        .toString());
                if (outside != null) {
                    problems.add("linked " + outside + " in as " + root.relativize(file));
                }
            }
        }
        return problems;
    }

    private static List<Path> walk(Path top, Path root) throws IOException {
        try (Stream<Path> all = Files.walk(top)) {
            return all.filter(p -> !p.startsWith(root) || p.equals(root)).sorted().toList();
        }
    }

    private static Map<String, String> record(Path top, Path root) throws IOException {
        Map<String, String> state = new TreeMap<>();
        for (Path path : walk(top, root)) {
            if (!path.equals(root)) {
                state.put(top.relativize(path).toString(), describe(path));
            }
        }
        return state;
    }

    private static Map<String, String> contents(Path top, Path root) throws IOException {
        Map<String, String> contents = new TreeMap<>();
        for (Path path : walk(top, root)) {
            if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                contents.put(top.relativize(path).toString(), sha256(path));
            }
        }
        return contents;
    }

    private static String rootState(Path root) throws IOException {
        Map<String, Object> unix = Files.readAttributes(root, "unix:mode,uid,gid", LinkOption.NOFOLLOW_LINKS);
        return "mode " + Integer.toOctalString((Integer) unix.get("mode")) + " uid " + unix.get("uid") + " gid "
                + unix.get("gid");
    }

    /** Attributes only: reading the content (see {@link #contents}) would hide a read by the peer. */
    private static String describe(Path path) throws IOException {
        Map<String, Object> unix = Files.readAttributes(path, "unix:*", LinkOption.NOFOLLOW_LINKS);
        StringBuilder text = new StringBuilder().append("ino ").append(unix.get("ino")).append(" mode ")
                .append(Integer.toOctalString((Integer) unix.get("mode"))).append(" uid ").append(unix.get("uid"))
                .append(" gid ").append(unix.get("gid")).append(" nlink ").append(unix.get("nlink")).append(" size ")
                .append(unix.get("size")).append(" mtime ").append(unix.get("lastModifiedTime")).append(" ctime ")
                .append(unix.get("ctime"));
        if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
            text.append(" atime ").append(unix.get("lastAccessTime"));
        } else if (Files.isSymbolicLink(path)) {
            text.append(" -> ").append(Files.readSymbolicLink(path));
        }
        return text.toString();
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(in.readAllBytes());
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return Objects.toString(state);
    }
}
