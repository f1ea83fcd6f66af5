package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.transfer.SourceOperand;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
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
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            // As rsync: a usage error (1), in its words.
            throw new RdcpException(ExitCode.USAGE, "failed to open files-from file " + file + ": " + reason(e));
        }
        List<String> paths = new ArrayList<>();
        int line = 0;
        for (int start = 0; start < bytes.length; ) {
            int end = start;
            while (end < bytes.length && bytes[end] != (from0 ? 0 : '\n')) {
                end++;
            }
            line++;
            int length = !from0 && end > start && bytes[end - 1] == '\r' ? end - start - 1 : end - start;
            String entry = strictUtf8(bytes, start, length, file, line);
            start = end + 1;
            if (entry.isEmpty() || entry.startsWith("#") || entry.startsWith(";")) {
                continue;
            }
            paths.add(cleanListed(entry));
        }
        return paths;
    }

    /**
     * rdcp carries names as UTF-8 text: a name that is not would silently become another, so the
     * list is refused, saying where.
     */
    private static String strictUtf8(byte[] bytes, int start, int length, Path file, int line) throws RdcpException {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, start, length))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new RdcpException(ExitCode.USAGE, "--files-from " + file + ": entry " + line
                    + " is not valid UTF-8, which is how rdcp reads names");
        }
    }

    /** An I/O failure as the system's error text, as rsync names it ("No such file or directory"). */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "Permission denied";
        }
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /**
     * An entry cleaned as {@link #clean} cleans it, each side of a "/./" apart: as in a -R
     * operand, that marks where the kept path starts ("dir/./sub/f" is read from dir and arrives
     * as sub/f), and it is kept for the sender, {@link SourceOperand#listed}.
     */
    static String cleanListed(String entry) {
        int marker = entry.indexOf(SourceOperand.KEPT_PATH_MARKER);
        if (marker <= 0) {
            return clean(entry);
        }
        String directory = clean(entry.substring(0, marker));
        String kept = clean(entry.substring(marker + SourceOperand.KEPT_PATH_MARKER.length()));
        if (directory.equals("./")) {
            return kept;
        }
        return directory.replaceFirst("/+$", "") + SourceOperand.KEPT_PATH_MARKER + kept;
    }

    /**
     * "./a//b/./c/" is "a/b/c/", and "a/../b" is "b", as rsync cleans names; "/", "." and "./"
     * are "./", the base directory's contents. A ".." that would leave the base directory stays
     * (the sender refuses that name alone).
     */
    static String clean(String entry) {
        List<String> components = new ArrayList<>();
        for (String component : entry.split("/")) {
            if (component.isEmpty() || component.equals(".")) {
                continue;
            }
            if (component.equals("..") && !components.isEmpty() && !components.get(components.size() - 1).equals("..")) {
                components.remove(components.size() - 1);
            } else {
                components.add(component);
            }
        }
        StringBuilder path = new StringBuilder(String.join("/", components));
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
