package dev.rdcp.cli;

import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transfer.ChmodRules;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * rsync's options for what the receiving side makes of the files it receives: those protocol 6
 * carries in the request (bits 46 to 50) and --super (an extended flag of protocol 7), which a
 * pull's client applies as a push's server does, and --chmod, which the client applies to the
 * modes listed in either direction.
 */
final class ReceiverOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--fsync", description = "Fsync each file the receiver writes before it takes its name.")
    boolean fsync;

    @Option(names = {"-E", "--executability"},
            description = "Without -p, make each regular file executable, or not, as the sender's is.")
    boolean executability;

    @Option(names = "--delete-missing-args",
            description = "Delete what the receiver has under a source (or --files-from name) that does not exist.")
    boolean deleteMissingArgs;

    @Option(names = "--force",
            description = "Delete a directory with contents where the sender has something else, also without --delete.")
    boolean force;

    @Option(names = "--preallocate", description = "Allocate each file's blocks before the receiver writes its data.")
    boolean preallocate;

    /** rsync's am_root as --super, --no-super and --fake-super set it: the last of them counts. */
    private enum Privilege { AS_RUN, SUPER, USER, FAKE }

    private Privilege privilege = Privilege.AS_RUN;

    @Option(names = "--super", negatable = true, description = "The receiver attempts what only root may do (owners,"
            + " groups, devices, every attribute namespace) also when it does not run as root, and reports what fails;"
            + " --no-super: a receiver on this host acts as a user also as root.")
    void superUser(boolean on) {
        privilege = on ? Privilege.SUPER : Privilege.USER;
    }

    @Option(names = "--fake-super", description = "Keep what only root may set (owner, group, special mode bits,"
            + " devices, specials and symlinks as regular files) in each file's user.rsync.%%stat attribute, and read"
            + " it back when sending: the receiver and the sender this command runs (a local copy's both).")
    void fakeSuper(boolean on) {
        privilege = on ? Privilege.FAKE : Privilege.AS_RUN;
    }

    private ChmodRules chmod = ChmodRules.NONE;

    @Option(names = "--chmod", paramLabel = "CHMOD",
            description = "Change the permissions the sender lists, in chmod's syntax: comma-separated clauses,"
                    + " each for directories (D), files (F) or both (e.g. Du=rwx,go=rx,Fu=rw,go=r or D755,F644).")
    void chmod(String spec) {
        try {
            chmod = chmod.then(ChmodRules.parse(spec));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(this.spec.commandLine(), e.getMessage());
        }
    }

    /** The request flags these options set. */
    long flags() {
        return (fsync ? SessionRequest.FSYNC : 0) | (executability ? SessionRequest.EXECUTABILITY : 0)
                | (deleteMissingArgs ? SessionRequest.DELETE_MISSING_ARGS : 0) | (force ? SessionRequest.FORCE : 0)
                | (preallocate ? SessionRequest.PREALLOCATE : 0);
    }

    /** The extended request flags these options set. */
    ExtendedOptions extended(ExtendedOptions others) {
        return others.with(ExtendedOptions.SUPER, privilege == Privilege.SUPER)
                .with(ExtendedOptions.FAKE_SUPER, privilege == Privilege.FAKE);
    }

    /** --no-super: the receiver in this process (a pull's, a local copy's) acts as a user even as root. */
    boolean noSuper() {
        return privilege == Privilege.USER;
    }

    /** --fake-super: applied by the sides this command runs, told to a remote one never, as rsync's client. */
    boolean fakeSuper() {
        return privilege == Privilege.FAKE;
    }

    /** Every --chmod's clauses, in the order given. */
    ChmodRules chmod() {
        return chmod;
    }
}
