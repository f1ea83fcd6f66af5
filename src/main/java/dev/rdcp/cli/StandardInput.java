package dev.rdcp.cli;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.io.InputStream;

/**
 * The client's standard input, which {@code --exclude-from=-}, {@code --include-from=-} and
 * {@code --files-from=-} read as rsync reads it: a rule file whole, where its option stands; the
 * --files-from list once the options are all parsed. Only the first reader finds anything.
 */
final class StandardInput {

    /** The name that stands for standard input in those options. */
    static final String NAME = "-";

    private final InputStream in;
    /** What read it ("--exclude-from=-"), or null. */
    private String readBy;

    StandardInput(InputStream in) {
        this.in = in;
    }

    /**
     * All of it, for a rule file ({@code reader} names the option or rule that reads it). As
     * rsync: a second rule file on standard input finds it at its end, so holds no rules.
     */
    byte[] forRules(String reader) throws IOException {
        if (readBy != null) {
            return new byte[0];
        }
        readBy = reader;
        return in.readAllBytes();
    }

    /**
     * All of it, for the --files-from list. rsync's read fails when a rule file has read it
     * (exit 11, "Bad file descriptor"): so does this, saying which option did.
     */
    byte[] forFilesFrom() throws IOException {
        if (readBy != null) {
            throw new RdcpException(ExitCode.FILE_IO, "--files-from=" + NAME + ": standard input was already read by "
                    + readBy + ": only one option may read it");
        }
        readBy = "--files-from=" + NAME;
        return in.readAllBytes();
    }
}
