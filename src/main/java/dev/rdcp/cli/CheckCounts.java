package dev.rdcp.cli;

import dev.rdcp.protocol.EntryType;
import java.util.Locale;

/**
 * The counts behind rsync's "(xfr#N, to-chk=R/T)": files transferred so far, and of the T
 * entries listed so far, the R not yet checked. Directories and symlinks have nothing to move, so
 * they are checked as soon as they are listed; a file when it is found up to date or starts to move.
 */
final class CheckCounts {

    private long listed;
    private long checked;
    private long transferred;

    void listed(EntryType type) {
        listed++;
        if (type != EntryType.FILE) {
            checked++;
        }
    }

    void upToDate() {
        checked++;
    }

    /** A file being sent counts as transferred and checked from its start (the sender hears of success only at the end). */
    void started() {
        transferred++;
        checked++;
    }

    /**
     * " (xfr#N, to-chk=R/T)". R is floored at 0: an up-to-date or failed empty file is counted
     * once more than it should be, as neither event says the file's size.
     */
    String suffix() {
        return String.format(Locale.ROOT, " (xfr#%d, to-chk=%d/%d)", transferred, Math.max(0, listed - checked), listed);
    }
}
