package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The paths a {@code --files-from} file lists, read as rsync reads them. */
final class FilesFrom {

    private FilesFrom() {
    }

    /**
     * One path per line (with {@code from0}, per NUL, as fpart writes them); blank entries and
     * comments ('#', ';') skipped, as rsync does with either separator. Each path is cleaned as
     * rsync cleans it: leading '/' and "." components dropped, "//" collapsed; a trailing '/'
     * is kept, since with -d it asks for the directory's contents.
     */
    static List<String> read(Path file, boolean from0) throws IOException {
        String text;
        try {
            text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "--files-from " + file + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
        List<String> paths = new ArrayList<>();
        for (String entry : text.split(from0 ? "\0" : "\r?\n")) {
            if (entry.isEmpty() || entry.startsWith("#") || entry.startsWith(";")) {
                continue;
            }
            paths.add(clean(entry));
        }
        return paths;
    }

    /** "./a//b/./c/" is "a/b/c/"; "/", "." and "./" are "./", the base directory's contents. */
    static String clean(String entry) {
        StringBuilder path = new StringBuilder();
        for (String component : entry.split("/")) {
            if (component.isEmpty() || component.equals(".")) {
                continue;
            }
            if (path.length() > 0) {
                path.append('/');
            }
            path.append(component);
        }
        if (path.length() == 0) {
            // fpsync -E lists "./": the base directory, whose own files -d then copies.
            return "./";
        }
        if (entry.endsWith("/") || entry.endsWith("/.")) {
            path.append('/');
        }
        return path.toString();
    }
}
