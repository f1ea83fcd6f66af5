package dev.rdcp.cli;

import dev.rdcp.posix.PathErrors;
import dev.rdcp.filter.ListLines;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.transfer.SourceOperand;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
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
     * The paths listed in {@code file}, as {@link #read(byte[], String, boolean, boolean)} reads
     * them; one that cannot be read is a usage error (1), in rsync's words.
     */
    static List<String> read(Path file, boolean from0, boolean relative) throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new RdcpException(ExitCode.USAGE, "failed to open files-from file " + file + ": " + PathErrors.reason(e));
        }
        return read(bytes, file.toString(), from0, relative);
    }

    /**
     * One path per line as rsync 3.5 splits them ({@link ListLines}: at '\n', "\r\n" or '\r';
     * with {@code from0}, at NUL, as fpart and {@code find -print0} write them); blank entries
     * and comments ('#', ';') skipped, as rsync does with either separator. Each path is cleaned
     * as rsync cleans it: leading '/' and "." components dropped, "//" collapsed; a trailing '/'
     * is kept, since with -d it asks for the directory's contents. With {@code relative} (-R,
     * which --files-from implies) a leading "./", which lists the base directory too, and a "/./"
     * are kept ({@link #cleanListed}); under --no-R neither means anything ({@link #withinBase}).
     * {@code name} names the list in errors.
     */
    static List<String> read(byte[] bytes, String name, boolean from0, boolean relative) throws RdcpException {
        List<String> paths = new ArrayList<>();
        List<byte[]> lines = ListLines.split(bytes, from0);
        for (int line = 1; line <= lines.size(); line++) {
            String entry = strictUtf8(lines.get(line - 1), name, line);
            if (entry.isEmpty() || entry.startsWith("#") || entry.startsWith(";")) {
                continue;
            }
            paths.add(relative ? cleanListed(entry) : withinBase(entry));
        }
        return paths;
    }

    /**
     * rdcp carries names as UTF-8 text: a name that is not would silently become another, so the
     * list is refused, saying where.
     */
    private static String strictUtf8(byte[] entry, String name, int line) throws RdcpException {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(entry)).toString();
        } catch (CharacterCodingException e) {
            throw new RdcpException(ExitCode.USAGE, "--files-from " + name + ": entry " + line
                    + " is not valid UTF-8, which is how rdcp reads names");
        }
    }

    /**
     * An entry cleaned as {@link #clean} cleans it, each side of a "/./" apart: as in a -R
     * operand, that marks where the kept path starts ("dir/./sub/f" is read from dir and arrives
     * as sub/f), and it is kept for the sender, {@link SourceOperand#listed}. Without one, a
     * leading "./" is kept too ({@link SourceOperand#BASE_FIRST}).
     */
    static String cleanListed(String entry) {
        int marker = entry.indexOf(SourceOperand.KEPT_PATH_MARKER);
        if (marker <= 0) {
            String cleaned = clean(entry);
            // As rsync: "./NAME" has the base directory as its first implied directory, listed as "./".
            boolean leaves = cleaned.equals("..") || cleaned.startsWith("../");
            return entry.startsWith(SourceOperand.BASE_FIRST) && !cleaned.equals("./") && !leaves
                    ? SourceOperand.BASE_FIRST + cleaned : cleaned;
        }
        String directory = clean(entry.substring(0, marker));
        String kept = clean(entry.substring(marker + SourceOperand.KEPT_PATH_MARKER.length()));
        if (directory.equals("./")) {
            return kept;
        }
        return directory.replaceFirst("/+$", "") + SourceOperand.KEPT_PATH_MARKER + kept;
    }

    /**
     * An entry as rsync's sender takes it under --no-R (its sanitize_path): "." components and
     * "/./" dropped, each ".." taking the component before it away, and one with none before it
     * dropped, so the name stays beneath the base ("../x" is x there); a name ending at a "." or
     * ".." ends with a '/', as "d/sub/.." names d's contents. What is left of nothing is "./",
     * the base's contents.
     */
    static String withinBase(String entry) {
        List<String> components = new ArrayList<>();
        String[] named = entry.split("/");
        String last = named.length == 0 ? "" : named[named.length - 1];
        boolean contents = entry.endsWith("/") || last.equals(".") || last.equals("..");
        for (String component : named) {
            if (component.equals("..")) {
                if (!components.isEmpty()) {
                    components.remove(components.size() - 1);
                }
            } else if (!component.isEmpty() && !component.equals(".")) {
                components.add(component);
            }
        }
        if (components.isEmpty()) {
            return "./";
        }
        return String.join("/", components) + (contents ? "/" : "");
    }

    /**
     * The source a --no-R name stands for: the name beneath {@code base}, the one SRC, as rsync's
     * sender changes into the base before it takes the names as it takes its operands.
     */
    static String beneath(String base, String name) {
        if (base.isEmpty()) {
            return name;
        }
        return base.endsWith("/") ? base + name : base + "/" + name;
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
