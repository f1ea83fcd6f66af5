package dev.rdcp.cli;

import java.net.StandardProtocolFamily;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * rsync's -4, -6 and --address: the address family of the connections the client makes (to a
 * daemon, or to the rdcp ssh started) and the local address they leave from. As rsync, -4 or -6
 * also goes to ssh, when the remote shell is ssh.
 */
final class NetworkOptions {

    @Mixin
    AddressFamilyOptions family;

    @Option(names = "--address", paramLabel = "ADDRESS",
            description = "Bind the connection to the daemon (or to the rdcp ssh started) to this local address.")
    String address;

    Connector connector(Integer contimeoutSeconds) {
        return new Connector(family.family(), address, contimeoutSeconds);
    }

    /** {@code shell} with -4 or -6 before the host, where rsync adds it: when the command is ssh. */
    List<String> shell(List<String> shell) {
        String program = shell.get(0);
        if (family.family() == null || !program.substring(program.lastIndexOf('/') + 1).equals("ssh")) {
            return shell;
        }
        List<String> withFamily = new ArrayList<>(shell);
        withFamily.add(family.family() == StandardProtocolFamily.INET ? "-4" : "-6");
        return withFamily;
    }
}
