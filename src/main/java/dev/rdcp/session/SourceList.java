package dev.rdcp.session;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.transfer.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The regular files among the named sources, each sent under its own file name, and a line for
 * each source that cannot be sent (missing, a directory without -r, not a regular file): rsync
 * skips those with a message and ends with exit code 23.
 */
public record SourceList(List<SourceFile> files, List<String> problems) {

    public static final int PROBLEM_CODE = ExitCode.PARTIAL.code();

    public static SourceList collect(List<Path> paths) {
        List<SourceFile> files = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Path path : paths) {
            if (!Files.exists(path)) {
                problems.add(path + ": no such file or directory");
            } else if (Files.isDirectory(path)) {
                problems.add("skipping directory " + path);
            } else if (!Files.isRegularFile(path)) {
                problems.add("skipping non-regular file " + path);
            } else {
                try {
                    Path name = path.toAbsolutePath().normalize().getFileName();
                    files.add(SourceFile.of(path, name.toString().getBytes(StandardCharsets.UTF_8)));
                } catch (IOException e) {
                    problems.add(path + ": " + e.getMessage());
                }
            }
        }
        return new SourceList(files, problems);
    }
}
