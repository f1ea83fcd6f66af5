package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.transfer.ChmodRules;
import dev.rdcp.transfer.FileNames;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;

/**
 * --list-only of local sources, as rsync lists them: "dir/" (or ".") lists the directory as "."
 * and its contents, "dir" the directory alone; with -r everything beneath.
 */
final class LocalListing {

    private final Listing listing = new Listing();
    private final boolean recursive;
    /** -l: as rsync, a symlink's line shows its target only then. */
    private final boolean links;
    private final PrintWriter err;
    /** --chmod: the modes listed are the changed ones, as rsync's sender lists them. */
    private final ChmodRules chmod;
    private int exitCode = ExitCode.OK.code();

    LocalListing(boolean recursive, boolean links, ChmodRules chmod, PrintWriter err) {
        this.recursive = recursive;
        this.chmod = chmod;
        this.links = links;
        this.err = err;
    }

    /** Lists {@code operand}; what cannot be read is reported on stderr and makes the exit code 23. */
    void add(String operand) {
        Path path = Path.of(operand);
        boolean contents = operand.endsWith("/") || operand.equals(".") || operand.endsWith("/.");
        Path name = path.getFileName();
        String shown = contents || name == null ? "." : FileNames.display(FileNames.lastComponent(path));
        Listing.Item top = item(path, shown);
        if (top == null) {
            return;
        }
        listing.add(top);
        if (top.isDirectory() && (contents || recursive)) {
            addContents(path, shown, recursive);
        }
    }

    private void addContents(Path directory, String shown, boolean deep) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path child : entries) {
                String childName = (shown.equals(".") ? "" : shown + "/")
                        + FileNames.display(FileNames.lastComponent(child));
                Listing.Item item = item(child, childName);
                if (item != null) {
                    listing.add(item);
                    if (deep && item.isDirectory()) {
                        addContents(child, childName, true);
                    }
                }
            }
        } catch (IOException e) {
            failed("opendir " + directory, e);
        }
    }

    private Listing.Item item(Path path, String shown) {
        try {
            Map<String, Object> status = Files.readAttributes(path, "unix:mode,size,lastModifiedTime",
                    LinkOption.NOFOLLOW_LINKS);
            int mode = chmod.applyToStatus((Integer) status.get("mode"));
            String target = links && (mode & 0170000) == 0120000 ? Files.readSymbolicLink(path).toString() : null;
            return new Listing.Item(shown, mode, (Long) status.get("size"),
                    ((FileTime) status.get("lastModifiedTime")).toInstant().getEpochSecond(), target);
        } catch (IOException e) {
            failed("link_stat \"" + path.toAbsolutePath() + "\"", e);
            return null;
        }
    }

    private void failed(String what, IOException e) {
        String reason = e instanceof NoSuchFileException ? "No such file or directory (2)" : ErrorReporter.describe(e);
        err.println("rdcp: " + what + " failed: " + reason);
        err.flush();
        exitCode = ExitCode.PARTIAL.code();
    }

    /** Prints what was added; returns 0, or 23 if something could not be read. */
    int print(PrintWriter out, SizeFormat sizes) {
        listing.print(out, sizes);
        return exitCode;
    }
}
