package dev.rdcp.transfer;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ProtocolException;
import dev.rdcp.protocol.RdcpException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * One source as the user named it. {@code contents} is rsync's trailing-slash rule: "dir/" sends
 * what is inside dir, "dir" sends dir itself. {@code relativeName} is set for --files-from
 * entries, which keep their path relative to the base directory.
 */
public record SourceOperand(Path path, boolean contents, Path base, String relativeName) {

    public static SourceOperand parse(String operand) {
        boolean contents = operand.endsWith("/") || operand.equals(".") || operand.endsWith("/.");
        return new SourceOperand(Path.of(operand), contents, null, null);
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

    /** A --files-from (or -R) path under {@code base}; a trailing '/' names the directory's contents. */
    public static SourceOperand relative(Path base, String relative) {
        String name = relative.replaceFirst("/+$", "");
        return new SourceOperand(base.resolve(name), !name.equals(relative), base, name);
    }
}
