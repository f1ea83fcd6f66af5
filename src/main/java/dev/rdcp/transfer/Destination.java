package dev.rdcp.transfer;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where received files go, decided as rsync and cp decide it: into the destination when it is
 * a directory, else to the destination path itself (one file only). Names from the peer are
 * single path components; with a root (the daemon's), nothing may resolve outside it.
 */
public final class Destination {

    private final Path target;
    private final boolean intoDirectory;
    private final Path root;

    private Destination(Path target, boolean intoDirectory, Path root) {
        this.target = target;
        this.intoDirectory = intoDirectory;
        this.root = root;
    }

    /**
     * @param directoryRequired the operand ended in '/' or several files are coming
     * @param root the directory nothing may escape, or null
     */
    public static Destination of(Path target, boolean directoryRequired, Path root) throws IOException {
        Path realRoot = root == null ? null : root.toRealPath();
        if (Files.isDirectory(target)) {
            requireInside(realRoot, target);
            return new Destination(target, true, realRoot);
        }
        if (directoryRequired) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "destination directory " + target + " does not exist");
        }
        Path parent = target.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "destination directory " + parent + " does not exist");
        }
        requireInside(realRoot, parent);
        return new Destination(target, false, realRoot);
    }

    private static void requireInside(Path realRoot, Path directory) throws IOException {
        if (realRoot != null && !directory.toRealPath().startsWith(realRoot)) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "path escapes the served directory");
        }
    }

    /** The final path of a received file named {@code name}. */
    public Path resolve(String name) throws IOException {
        if (name.isEmpty() || name.contains("/") || name.equals(".") || name.equals("..") || name.indexOf('\0') >= 0) {
            throw new RdcpException(ExitCode.PROTOCOL, "invalid file name from the peer: " + name);
        }
        Path path = intoDirectory ? target.resolve(name) : target;
        if (Files.isDirectory(path)) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "cannot overwrite directory " + path + " with a file");
        }
        return path;
    }
}
