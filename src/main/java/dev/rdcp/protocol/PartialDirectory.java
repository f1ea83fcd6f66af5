package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Version 6's --partial-dir of a REQUEST ({@link SessionRequest#PARTIAL_DIR}): {@code u16 length +
 * UTF-8 directory} (strict UTF-8), 1 to {@link #MAX_LENGTH} bytes, relative to each received file's own directory,
 * without NUL or an empty, "." or ".." component (a trailing '/' is dropped before it is sent). The
 * receiver keeps an interrupted file there under its own name, instead of beside it.
 */
public record PartialDirectory(String directory) {

    public static final PartialDirectory NONE = new PartialDirectory("");
    public static final int MAX_LENGTH = 4096;

    public PartialDirectory {
        String problem = problem(directory.getBytes(StandardCharsets.UTF_8));
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    /** Whether a directory is given. */
    public boolean any() {
        return !directory.isEmpty();
    }

    /** The directory's name as the receiver resolves it. */
    public byte[] bytes() {
        return directory.getBytes(StandardCharsets.UTF_8);
    }

    int encodedSize() {
        return RequestText.encodedSize(directory);
    }

    void encode(ByteBuffer out) {
        RequestText.encode(out, directory);
    }

    static PartialDirectory decode(ByteBuffer in) throws ProtocolException {
        byte[] bytes = RequestText.read(in, MAX_LENGTH, false, "partial directory");
        String problem = problem(bytes);
        if (problem != null) {
            throw new ProtocolException("malformed REQUEST partial directory: " + problem);
        }
        return new PartialDirectory(RequestText.decode(bytes, "partial directory"));
    }

    private static String problem(byte[] directory) {
        if (directory.length > MAX_LENGTH) {
            return "the partial directory is too long";
        }
        return directory.length == 0 ? null
                : RelativeDirectory.problem(directory, "the partial directory", "each file's directory");
    }
}
