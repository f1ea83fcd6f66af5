package dev.rdcp.transfer;

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

    public static SourceOperand relative(Path base, String relative) {
        return new SourceOperand(base.resolve(relative), false, base, relative);
    }
}
