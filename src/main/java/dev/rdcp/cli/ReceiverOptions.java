package dev.rdcp.cli;

import dev.rdcp.protocol.SessionRequest;
import picocli.CommandLine.Option;

/**
 * rsync's options for how the receiver writes what it receives, which protocol 6 carries in the
 * request (bits 46 to 50): a pull's client applies them as a push's server does.
 */
final class ReceiverOptions {

    @Option(names = "--fsync", description = "Fsync each file the receiver writes before it takes its name.")
    boolean fsync;

    /** The request flags these options set. */
    long flags() {
        return fsync ? SessionRequest.FSYNC : 0;
    }
}
