package dev.rdcp.session;

import dev.rdcp.transfer.ChmodRules;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;

/**
 * One named module of a daemon (rsyncd.conf's {@code [name]} section): its directory, whether it
 * takes uploads, its shared secret (null: none), who may connect, how many clients at once
 * (0: no limit of its own), and how it serves them.
 */
public record DaemonModule(String name, Path path, boolean readOnly, byte[] secret, List<AddressRange> hostsAllow,
        List<AddressRange> hostsDeny, int maxConnections, String comment, Serving serving) {

    /**
     * How a module serves: whether {@code HOST::} shows it, how long its sessions wait for a
     * silent client (0: the daemon's --timeout), whether each file moved is logged, whether it
     * refuses downloads, whether its sessions act as rsync's --fake-super, the chmod rules
     * applied to the modes it receives and to those it lists when sending, and the client
     * options it refuses.
     */
    public record Serving(boolean listed, long timeoutSeconds, boolean transferLogging, boolean writeOnly,
            boolean fakeSuper, ChmodRules incomingChmod, ChmodRules outgoingChmod, OptionRefusals refusals) {
        /** rsync's defaults: listed, the daemon's timeout, no transfer log, downloads, no fake super, chmod or refusal. */
        public static final Serving DEFAULT = new Serving(true, 0, false, false, false, ChmodRules.NONE,
                ChmodRules.NONE, OptionRefusals.NONE);
    }

    /** A module without a comment. */
    public DaemonModule(String name, Path path, boolean readOnly, byte[] secret, List<AddressRange> hostsAllow,
            List<AddressRange> hostsDeny, int maxConnections) {
        this(name, path, readOnly, secret, hostsAllow, hostsDeny, maxConnections, "");
    }

    /** A module that serves as rsync's does by default. */
    public DaemonModule(String name, Path path, boolean readOnly, byte[] secret, List<AddressRange> hostsAllow,
            List<AddressRange> hostsDeny, int maxConnections, String comment) {
        this(name, path, readOnly, secret, hostsAllow, hostsDeny, maxConnections, comment, Serving.DEFAULT);
    }

    /**
     * rsync's order: a host matching {@code hosts allow} may connect; else one matching
     * {@code hosts deny} may not; else it may unless there is an allow list.
     */
    public boolean admits(InetAddress peer) {
        if (peer == null) {
            return hostsAllow.isEmpty() && hostsDeny.isEmpty();
        }
        if (hostsAllow.stream().anyMatch(range -> range.contains(peer))) {
            return true;
        }
        return hostsDeny.stream().noneMatch(range -> range.contains(peer)) && hostsAllow.isEmpty();
    }
}
