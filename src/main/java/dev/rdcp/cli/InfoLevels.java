package dev.rdcp.cli;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * rsync's --info levels: what a copy tells on standard output, item by item. -v, --progress and
 * --stats set their levels first, as rsync's do; each --info word then sets one ("name0",
 * "progress2", "stats" for stats1), or all ("all4", "none"). rdcp acts on FLIST (the list's
 * opening line), NAME (-v's list of names), PROGRESS (1 per file, 2 for the whole transfer) and
 * STATS (1 the closing lines, 2 the --stats block); the others are taken and have no output of
 * their own in rdcp.
 */
final class InfoLevels {

    enum Flag {
        BACKUP("Mention files backed up"),
        COPY("Mention files copied locally on the receiving side"),
        DEL("Mention deletions on the receiving side"),
        FLIST("Mention file-list receiving/sending (levels 1-2)"),
        MISC("Mention miscellaneous information (levels 1-2)"),
        MOUNT("Mention mounts that were found or skipped"),
        NAME("Mention 1) updated file/dir names, 2) unchanged names"),
        NONREG("Mention skipped non-regular files (default 1, 0 disables)"),
        PROGRESS("Mention 1) per-file progress or 2) total transfer progress"),
        REMOVE("Mention files removed on the sending side"),
        SKIP("Mention files skipped due to transfer overrides (levels 1-2)"),
        STATS("Mention statistics at end of run (levels 1-3)"),
        SYMSAFE("Mention symlinks that are unsafe");

        private final String help;

        Flag(String help) {
            this.help = help;
        }
    }

    /** What -v adds, as rsync's level 1. */
    private static final Flag[] VERBOSE = {Flag.COPY, Flag.DEL, Flag.FLIST, Flag.MISC, Flag.NAME, Flag.STATS,
        Flag.SYMSAFE};

    private final Map<Flag, Integer> levels = new EnumMap<>(Flag.class);

    /** The levels before any --info word: rsync's defaults, then -v's, --progress's and --stats's. */
    InfoLevels(boolean verbose, boolean progress, boolean stats) {
        for (Flag flag : Flag.values()) {
            levels.put(flag, 0);
        }
        levels.put(Flag.NONREG, 1);
        if (verbose) {
            for (Flag flag : VERBOSE) {
                levels.put(flag, 1);
            }
        }
        if (progress) {
            raise(Flag.FLIST, 2);
            raise(Flag.NAME, 1);
            raise(Flag.PROGRESS, 1);
        }
        if (stats) {
            raise(Flag.STATS, 2);
        }
    }

    private void raise(Flag flag, int level) {
        levels.merge(flag, level, Math::max);
    }

    int level(Flag flag) {
        return levels.get(flag);
    }

    /**
     * Applies one --info value, its comma-separated words in order.
     *
     * @throws IllegalArgumentException with rsync's message, for a word it does not take
     */
    void apply(String words) {
        for (String word : words.split(",")) {
            int digits = word.length();
            while (digits > 0 && Character.isDigit(word.charAt(digits - 1))) {
                digits--;
            }
            String name = word.substring(0, digits).toUpperCase(Locale.ROOT);
            String number = word.substring(digits);
            int level = number.isEmpty() ? 1 : number.length() > 2 ? Integer.MAX_VALUE : Integer.parseInt(number);
            if (name.equals("ALL") || name.equals("NONE")) {
                int all = name.equals("NONE") ? 0 : level;
                levels.replaceAll((flag, old) -> all);
                continue;
            }
            Flag flag = flag(name);
            if (flag == null) {
                throw new IllegalArgumentException("Unknown --info item: \"" + word + "\"");
            }
            levels.put(flag, level);
        }
    }

    private static Flag flag(String name) {
        for (Flag flag : Flag.values()) {
            if (flag.name().equals(name)) {
                return flag;
            }
        }
        return null;
    }

    /** Whether {@code value} asks for the list of words instead of setting any. */
    static boolean asksForHelp(String value) {
        return value.equalsIgnoreCase("help");
    }

    /** rsync's --info=help text. */
    static String help() {
        StringBuilder text = new StringBuilder("Use OPT or OPT1 for level 1 output, OPT2 for level 2, etc.; OPT0 silences.\n\n");
        for (Flag flag : Flag.values()) {
            text.append(String.format(Locale.ROOT, "%-10s %s%n", flag.name(), flag.help));
        }
        text.append(String.format(Locale.ROOT, "%n%-10s %s%n%-10s %s%n%-10s %s%n", "ALL",
                "Set all --info options (e.g. all4)", "NONE", "Silence all --info options (same as all0)", "HELP",
                "Output this help message"));
        text.append(String.format(Locale.ROOT, "%nOptions added at each level of verbosity:%n0) NONREG%n"
                + "1) COPY,DEL,FLIST,MISC,NAME,STATS,SYMSAFE%n"));
        return text.toString();
    }
}
