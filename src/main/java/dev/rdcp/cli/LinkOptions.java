package dev.rdcp.cli;

import dev.rdcp.protocol.SessionRequest;
import picocli.CommandLine.Option;

/**
 * What becomes of symlinks beyond -l: which ones the sender follows (-L, --copy-unsafe-links,
 * -k), so that a pull's server must be told in the request, and which ones the receiver ignores
 * (--safe-links) or keeps as directories (-K), so that a push's must; and --munge-links, which
 * only the client's own side applies.
 */
final class LinkOptions {

    @Option(names = {"-L", "--copy-links"}, description = "Copy what symlinks lead to (files and directories), not the symlinks.")
    boolean copyLinks;

    @Option(names = "--copy-unsafe-links",
            description = "Copy what unsafe symlinks lead to (absolute, or leading above the top of the transfer).")
    boolean copyUnsafeLinks;

    @Option(names = {"-k", "--copy-dirlinks"}, description = "Copy symlinks to directories as the directories.")
    boolean copyDirlinks;

    @Option(names = {"-K", "--keep-dirlinks"},
            description = "Keep a symlink to a directory on the receiver where the sender has a directory, and copy into it.")
    boolean keepDirlinks;

    @Option(names = "--safe-links", description = "Ignore symlinks that are absolute or lead above the top of the transfer.")
    boolean safeLinks;

    /**
     * Acts on this side only, as rsync's: a push's or local copy's sender un-munges the targets it
     * lists, a pull's receiver munges those it makes; the server is not told.
     */
    @Option(names = "--munge-links",
            description = "Munge the symlinks this side receives (prefix /rsyncd-munged/), un-munge those it sends.")
    boolean mungeLinks;

    /** The REQUEST bits these options need. */
    long flags() {
        return (copyLinks ? SessionRequest.COPY_LINKS : 0) | (safeLinks ? SessionRequest.SAFE_LINKS : 0)
                | (copyUnsafeLinks ? SessionRequest.COPY_UNSAFE_LINKS : 0)
                | (copyDirlinks ? SessionRequest.COPY_DIRLINKS : 0)
                | (keepDirlinks ? SessionRequest.KEEP_DIRLINKS : 0);
    }
}
