package dev.rdcp.cli;

import dev.rdcp.protocol.SessionRequest;
import picocli.CommandLine.Option;

/**
 * What becomes of symlinks beyond -l: which ones the sender follows (-L), so that a pull's
 * server must be told in the request, as a push's must be told what its receiver keeps.
 */
final class LinkOptions {

    @Option(names = {"-L", "--copy-links"}, description = "Copy what symlinks lead to (files and directories), not the symlinks.")
    boolean copyLinks;

    /** The REQUEST bits these options need. */
    long flags() {
        return copyLinks ? SessionRequest.COPY_LINKS : 0;
    }
}
