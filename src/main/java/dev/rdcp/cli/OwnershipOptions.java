package dev.rdcp.cli;

import dev.rdcp.protocol.OwnerMaps;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transfer.OwnerMap;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Who owns what the receiver makes, as rsync's options say: -o and -g (implied by -a), the
 * numbers kept or mapped by name, and --usermap, --groupmap and --chown's rules.
 */
final class OwnershipOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /* null unless given, so that -a implies them and --no-OPTION undoes them. */
    @Option(names = {"-o", "--owner"}, negatable = true,
            description = "Preserve the owner (takes effect where the receiver runs as root).")
    Boolean owner;

    @Option(names = {"-g", "--group"}, negatable = true,
            description = "Preserve the group (as root any group; otherwise the groups the receiver is a member of).")
    Boolean group;

    @Option(names = "--no-o", hidden = true)
    void noO(boolean on) {
        owner = false;
    }

    @Option(names = "--no-g", hidden = true)
    void noG(boolean on) {
        group = false;
    }

    @Option(names = "--numeric-ids",
            description = "Keep owners and groups as numbers: do not map them by user and group name.")
    boolean numericIds;

    /** --usermap's rules, or null; --chown=U:G sets "*:U". */
    private String usermap;
    /** --groupmap's rules, or null; --chown=U:G sets "*:G". */
    private String groupmap;
    /** Whether --chown was given: rsync refuses --usermap or --groupmap after it. */
    private boolean chown;

    @Option(names = "--usermap", paramLabel = "STRING",
            description = "Map owners on the receiver: FROM:TO,... (FROM a name, wildcard, id or LOW-HIGH); implies -o.")
    void usermap(String map) {
        usermap = ownerMap("--usermap", usermap, map);
    }

    @Option(names = "--groupmap", paramLabel = "STRING",
            description = "Map groups on the receiver, as --usermap does owners; implies -g.")
    void groupmap(String map) {
        groupmap = ownerMap("--groupmap", groupmap, map);
    }

    @Option(names = "--chown", paramLabel = "USER:GROUP",
            description = "Give every file this owner and group on the receiver (--usermap=*:USER --groupmap=*:GROUP).")
    void chown(String owners) {
        if (usermap != null || groupmap != null) {
            throw usage("--chown conflicts with prior --" + (usermap != null ? "usermap" : "groupmap") + ".");
        }
        int colon = owners.indexOf(':');
        String user = colon < 0 ? owners : owners.substring(0, colon);
        String ownersGroup = colon < 0 ? "" : owners.substring(colon + 1);
        usermap = user.isEmpty() ? null : "*:" + user;
        groupmap = ownersGroup.isEmpty() ? null : "*:" + ownersGroup;
        chown = true;
    }

    /** {@code map} checked as rsync checks it; an option given twice or after --chown is an error, as in rsync. */
    private String ownerMap(String option, String earlier, String map) {
        if (chown) {
            throw usage(option + " conflicts with prior --chown.");
        }
        if (earlier != null) {
            throw usage("You can only specify " + option + " once.");
        }
        String problem = OwnerMap.syntaxError(option, map);
        if (problem != null || map.isEmpty()) {
            throw usage(problem != null ? problem : "No colon found in " + option + ": ");
        }
        return map;
    }

    /** -o (as given, else as -a says), or implied by --usermap and --chown, as in rsync. */
    boolean owner(boolean archive) {
        return (owner != null ? owner : archive) || usermap != null;
    }

    /** -g, or implied by --groupmap and --chown. */
    boolean group(boolean archive) {
        return (group != null ? group : archive) || groupmap != null;
    }

    /** The request's flags these options set, with -a as given. */
    long flags(boolean archive) {
        return (owner(archive) ? SessionRequest.OWNERS : 0) | (group(archive) ? SessionRequest.GROUPS : 0)
                | (numericIds ? SessionRequest.NUMERIC_IDS : 0);
    }

    /** --usermap's and --groupmap's rules ("" where none is given). */
    OwnerMaps maps() {
        return new OwnerMaps(usermap == null ? "" : usermap, groupmap == null ? "" : groupmap);
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
