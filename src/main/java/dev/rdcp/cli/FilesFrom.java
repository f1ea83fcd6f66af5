package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The paths a {@code --files-from} file lists, read as rsync reads them. */
final class FilesFrom {

    private FilesFrom() {
    }

    /** One path per line, blank lines and comments skipped, leading '/' dropped as rsync does. */
    static List<String> read(Path file) throws IOException {
        List<String> paths = new ArrayList<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new RdcpException(ExitCode.FILE_SELECTION, "--files-from " + file + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
        for (String line : lines) {
            String path = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
            while (path.startsWith("/")) {
                path = path.substring(1);
            }
            while (path.endsWith("/")) {
                path = path.substring(0, path.length() - 1);
            }
            if (!path.isEmpty() && !path.startsWith("#") && !path.startsWith(";")) {
                paths.add(path);
            }
        }
        return paths;
    }
}
