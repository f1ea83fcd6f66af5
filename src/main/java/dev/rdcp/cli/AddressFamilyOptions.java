package dev.rdcp.cli;

import java.net.ProtocolFamily;
import java.net.StandardProtocolFamily;
import picocli.CommandLine.Option;

/** rsync's -4 and -6, for the copy's connections and the daemon's port alike; the last one given counts, as in rsync. */
final class AddressFamilyOptions {

    private ProtocolFamily family;

    @Option(names = {"-4", "--ipv4"}, description = "IPv4 only: a copy's connections (ssh is given -4 too), or serve's port.")
    void ipv4(boolean on) {
        family = StandardProtocolFamily.INET;
    }

    @Option(names = {"-6", "--ipv6"}, description = "IPv6 only: a copy's connections (ssh is given -6 too), or serve's port.")
    void ipv6(boolean on) {
        family = StandardProtocolFamily.INET6;
    }

    /** The family asked for, or null for either. */
    ProtocolFamily family() {
        return family;
    }
}
