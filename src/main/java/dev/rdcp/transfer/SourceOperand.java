package dev.rdcp.transfer;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * One source as the user named it. {@code contents} is rsync's trailing-slash rule: "dir/" sends
 * what is inside dir, "dir" sends dir itself. {@code relativeName} is set for --files-from
 * entries, which keep their path relative to the base directory; {@code listsBase} for one named
 * with a leading "./", whose first implied directory is the base itself, as rsync lists it.
 */
public record SourceOperand(Path path, boolean contents, Path base, String relativeName, boolean listsBase) {

    /** A --files-from name's start that lists the base directory as its first implied directory. */
    public static final String BASE_FIRST = "./";

    public SourceOperand(Path path, boolean contents, Path base, String relativeName) {
        this(path, contents, base, relativeName, false);
    }

    public static SourceOperand parse(String operand) {
        boolean contents = operand.endsWith("/") || operand.equals(".") || operand.endsWith("/.");
        return new SourceOperand(Path.of(operand), contents, null, null);
    }

    /**
     * In a --files-from name, as in a -R operand, where the kept path starts: "dir/./sub/file" is
     * read from dir under the base and arrives as sub/file.
     */
    public static final String KEPT_PATH_MARKER = "/./";

    /**
     * A --files-from name as the sender may use it: each side of a {@link #KEPT_PATH_MARKER} is
     * checked as {@link #checkedRelative} checks a whole name.
     */
    public static String checkedListed(String path) throws RdcpException {
        int marker = path.indexOf(KEPT_PATH_MARKER);
        if (marker <= 0 && path.startsWith(BASE_FIRST) && path.length() > BASE_FIRST.length()) {
            String rest = checkedRelative(path.substring(BASE_FIRST.length()));
            if (rest.replaceFirst("/+$", "").equals(".")) {
                throw new RdcpException(ExitCode.FILE_SELECTION, "empty path in --files-from");
            }
            return BASE_FIRST + rest;
        }
        if (marker <= 0) {
            return checkedRelative(path);
        }
        String directory = checkedRelative(path.substring(0, marker));
        if (directory.endsWith("/") || directory.equals(".")) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "empty path in --files-from");
        }
        return directory + KEPT_PATH_MARKER + checkedRelative(path.substring(marker + KEPT_PATH_MARKER.length()));
    }

    /**
     * A --files-from path as the sender may use it: leading '/' dropped as rsync does, and no
     * empty, "." or ".." component, so it stays under the base (only "." alone, the base
     * itself); a trailing '/' is kept (with -d it asks for the directory's contents).
     */
    public static String checkedRelative(String path) throws RdcpException {
        String relative = path.replaceFirst("^/+", "");
        String bare = relative.replaceFirst("/+$", "");
        if (bare.isEmpty()) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "empty path in --files-from");
        }
        if (bare.equals(".")) {
            return relative;
        }
        try {
            Destination.validate(bare.getBytes(StandardCharsets.UTF_8));
        } catch (ProtocolException e) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "path escapes the served directory: " + path);
        }
        return relative;
    }

    /**
     * A --files-from name under {@code base}: with a {@link #KEPT_PATH_MARKER}, the part before it
     * is a directory under the base the rest is read from, and only the rest is kept.
     */
    public static SourceOperand listed(Path base, String name) {
        int marker = name.indexOf(KEPT_PATH_MARKER);
        if (marker <= 0) {
            return relative(base, name);
        }
        String directory = name.substring(0, marker);
        String kept = name.substring(marker + KEPT_PATH_MARKER.length());
        if (leavesTheBase(directory)) {
            // Above the base: named whole, so the sender refuses it as it refuses any such name.
            return relative(base, directory + "/" + kept);
        }
        return relative(base.resolve(directory), kept);
    }

    /** A --files-from name with a ".." component (what cleaning leaves of one leads above the base). */
    public static boolean leavesTheBase(String relative) {
        for (String component : relative.split("/")) {
            if (component.equals("..")) {
                return true;
            }
        }
        return false;
    }

    /**
     * A --files-from (or -R) path under {@code base}; a trailing '/' names the directory's
     * contents, a leading {@link #BASE_FIRST} lists the base directory first.
     */
    public static SourceOperand relative(Path base, String relative) {
        boolean listsBase = relative.startsWith(BASE_FIRST) && relative.length() > BASE_FIRST.length();
        String named = listsBase ? relative.substring(BASE_FIRST.length()) : relative;
        String name = named.replaceFirst("/+$", "");
        return new SourceOperand(base.resolve(name), !name.equals(named), base, name, listsBase);
    }

    /**
     * Whether this operand is a directory, looked up as the sender's list will look it up: on a
     * server with a served directory ({@code sourceRoot}) beneath that directory's descriptor,
     * symlinks followed only while they stay beneath it, so the answer never tells what lies
     * outside; elsewhere by its path.
     */
    public boolean isDirectory(Path sourceRoot) {
        try (SourceTree tree = new SourceTree(sourceRoot, false)) {
            OperandWinners.Found found = tree.found(path, true);
            return found != null && found.type() == FileModes.S_IFDIR;
        }
    }
}
