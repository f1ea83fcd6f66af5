package dev.rdcp.filter;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The rules as one side of a transfer judges its names by them: the sender what it lists, the
 * receiver what --delete may remove. A rule for the other side (hide and show are the sender's,
 * protect and risk the receiver's) is passed over; the first rule that matches decides, and a
 * name no rule matches is included. The transfer root (".") is never excluded.
 *
 * <p>A dir-merge rule stands for the rules of its file in the directory being walked and, unless
 * 'n', in each directory above it up to the transfer root, the nearest first: as the side walks
 * it {@link #enter}s each directory, whose files it reads through that directory's descriptor,
 * and {@link #leave}s it. As in rsync, a pattern starting with '/' in such a file is anchored to
 * its directory, a "!" there clears the rules the directories above gave, and "/DIR/NAME" also
 * reads NAME in DIR and each directory below it above the transfer root ({@link #root}). A
 * merge or dir-merge rule inside such a file is refused: no file makes a side read another. What
 * files written by others can make a side hold is bounded: {@link #MAX_MERGE_FILE} bytes a file,
 * {@link #MAX_HELD_RULES} rules ({@link #MAX_HELD_CHARACTERS} characters of pattern) for
 * the directories being walked; an error names the file and
 * line, never the rule's text (the peer may have chosen which file is read).
 */
public final class FilterScope {

    /** The most bytes of one per-directory merge file. */
    public static final int MAX_MERGE_FILE = 256 << 10;
    /** The most rules per-directory merge files give the directories being walked at once. */
    static final int MAX_HELD_RULES = 100_000;
    /**
     * The most characters of pattern those rules hold: a rule anchored to its directory holds
     * that directory's path, so a file's few bytes in a deep directory would otherwise hold
     * gigabytes (52,000 "- /a" lines at a 3,750-character path did).
     */
    static final int MAX_HELD_CHARACTERS = 4 << 20;

    /** The files of one directory, read beneath its descriptor. */
    public interface MergeFiles extends AutoCloseable {
        /**
         * The content of the regular file {@code name} in the directory, read up to {@code limit}
         * bytes and one more (so that a longer file shows); null where there is none, or where
         * it is not a regular file or cannot be read: rsync then reads no rules.
         */
        byte[] read(String name, int limit);

        /** Releases what was opened for the reading alone. */
        @Override
        void close();
    }

    /** Opens directories for their merge files. */
    @FunctionalInterface
    public interface Directories {
        /**
         * The files of {@code directory}, named as the call this is given to says, or null where
         * it cannot be opened.
         */
        MergeFiles open(String directory);
    }

    /** More per-directory rules than a side holds. */
    private static final class TooManyRules extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    /** A rule a per-directory merge file may not hold: one that reads another file. */
    private static final class ReadsAFile extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
    }

    /** The rules a dir-merge rule gives a directory: its own, then those it inherits. */
    private record Chain(List<FilterRule> local, Chain inherited) {
    }

    /**
     * A directory being walked (relative to the root, "." for the root, null for the parent
     * scan's): each dir-merge rule's rules there (by index), and how many rules and characters
     * of pattern it added.
     */
    private record Level(String directory, Chain[] merged, int held, long heldCharacters) {
    }

    private final List<Rule> rules;
    private final List<DirMergeRule> merges = new ArrayList<>();
    private final int side;
    private final boolean deleteExcluded;
    private final MatchBudget budget;
    private final int mergeSlots;
    private final Deque<Level> levels = new ArrayDeque<>();
    private int heldRules;
    private long heldCharacters;
    /** The transfer root: absolute, "/" for the root, "" until {@link #root} is given it. */
    private String root = "";
    /** The root without its leading '/', as '/' rules match names beneath it ("" or "a/b/"). */
    private String rootPrefix = "";

    FilterScope(List<Rule> rules, int side, boolean deleteExcluded, MatchBudget budget) {
        this.rules = rules.stream().filter(rule -> rule.appliesTo(side)).toList();
        this.side = side;
        this.deleteExcluded = deleteExcluded;
        this.budget = budget;
        int slots = 0;
        for (Rule rule : rules) {
            if (rule instanceof DirMergeRule merge) {
                slots = Math.max(slots, merge.index() + 1);
                if (merge.appliesTo(side)) {
                    merges.add(merge);
                }
            }
        }
        this.mergeSlots = slots;
        levels.push(new Level(null, new Chain[slots], 0, 0));
    }

    /** Whether no rule applies on this side: nothing is excluded. */
    public boolean isEmpty() {
        return rules.isEmpty();
    }

    /** Whether the side must read per-directory merge files ({@link #root}, {@link #enter}) as it walks. */
    public boolean readsMergeFiles() {
        return !merges.isEmpty();
    }

    /**
     * Starts judging names relative to {@code absoluteDirectory}: its absolute path, or on a
     * daemon its path beneath the served root ("/" for the root), as rules with the '/' modifier
     * see it. With dir-merge rules, reads the files of a parent scan and the root's own through
     * {@code open}, which is given each directory as absolute as this one ({@link
     * #rootDirectory} for the root). The root already in use is kept, with what was entered
     * below it.
     *
     * @throws IllegalArgumentException a merge file is malformed or too large
     */
    public void root(String absoluteDirectory, Directories open) {
        String normalized = "/" + absoluteDirectory.replaceAll("^/+|/+$", "");
        if (normalized.equals(root)) {
            return;
        }
        root = normalized;
        rootPrefix = normalized.equals("/") ? "" : normalized.substring(1) + "/";
        levels.clear();
        heldRules = 0;
        heldCharacters = 0;
        levels.push(new Level(null, new Chain[mergeSlots], 0, 0));
        if (merges.isEmpty()) {
            return;
        }
        for (String directory : parentScan()) {
            try (MergeFiles files = open.open(directory)) {
                if (files != null) {
                    scan(directory, files);
                }
            }
        }
        try (MergeFiles files = open.open(normalized)) {
            enter(".", files);
        }
    }

    /** The root {@link #root} was given, as it gives it to its opener: "/" or "/a/b". */
    public String rootDirectory() {
        return root;
    }

    /**
     * Leaves the directories entered that are not on the way to {@code directory} (relative to
     * the root, "." for the root), and enters those below them down to it, each opened through
     * {@code open}, which is given its path relative to the root.
     *
     * @throws IllegalArgumentException as {@link #enter}
     */
    public void moveTo(String directory, Directories open) {
        if (merges.isEmpty()) {
            return;
        }
        while (levels.size() > 2 && !onTheWay(levels.peek().directory(), directory)) {
            leave();
        }
        String at = levels.peek().directory();
        while (!at.equals(directory)) {
            int end = directory.indexOf('/', at.equals(".") ? 0 : at.length() + 1);
            String next = end < 0 ? directory : directory.substring(0, end);
            try (MergeFiles files = open.open(next)) {
                enter(next, files);
            }
            at = next;
        }
    }

    /** Whether {@code entered} is {@code directory} or above it (both relative to the root). */
    private static boolean onTheWay(String entered, String directory) {
        return entered.equals(".") || entered.equals(directory) || directory.startsWith(entered + "/");
    }

    /**
     * The directories above the root whose files a "/DIR/NAME" rule reads: DIR, if it is above
     * the root, and each directory below it down to the root's parent, outermost first.
     */
    private List<String> parentScan() {
        String outermost = null;
        for (DirMergeRule merge : merges) {
            if (merge.scanFrom() != null && !merge.template().noInherit() && above(merge.scanFrom(), root)
                    && (outermost == null || merge.scanFrom().length() < outermost.length())) {
                outermost = merge.scanFrom();
            }
        }
        List<String> directories = new ArrayList<>();
        for (String directory = outermost; directory != null && above(directory, root); ) {
            directories.add(directory);
            int end = root.indexOf('/', directory.equals("/") ? 1 : directory.length() + 1);
            directory = end < 0 ? root : root.substring(0, end);
        }
        return directories;
    }

    /** Whether {@code directory} is strictly above {@code below} (both normalized). */
    private static boolean above(String directory, String below) {
        return !directory.equals(below) && (directory.equals("/") || below.startsWith(directory + "/"));
    }

    /** The rules the files of {@code directory}, above the root, give the root: inherited, the nearest first. */
    private void scan(String directory, MergeFiles files) {
        Level base = levels.peek();
        String prefix = directory.equals("/") ? "" : directory.substring(1);
        for (DirMergeRule merge : merges) {
            if (merge.scanFrom() == null || merge.template().noInherit()
                    || !(merge.scanFrom().equals(directory) || above(merge.scanFrom(), directory))) {
                continue;
            }
            Local local = read(merge, files, prefix, directory.equals("/") ? "/" : directory + "/");
            heldRules += local.rules().size();
            heldCharacters += local.characters();
            base.merged()[merge.index()] = chain(local, base.merged()[merge.index()], false);
        }
    }

    /**
     * Enters {@code directory} (relative to the root, "." for the root), reading its merge files
     * through {@code files} (null: it could not be opened, so none).
     *
     * @throws IllegalArgumentException a merge file is malformed, too large, or makes the
     *     directories being walked hold too many rules
     */
    public void enter(String directory, MergeFiles files) {
        Level top = levels.peek();
        Chain[] merged = top.merged().clone();
        int held = 0;
        long characters = 0;
        String prefix = rootPrefix + (directory.equals(".") ? "" : directory);
        String shown = directory.equals(".") ? "" : directory + "/";
        for (DirMergeRule merge : merges) {
            Local local = files == null ? Local.NONE : read(merge, files, prefix.replaceFirst("/$", ""), shown);
            merged[merge.index()] = chain(local, merged[merge.index()], merge.template().noInherit());
            held += local.rules().size();
            heldRules += local.rules().size();
            characters += local.characters();
            heldCharacters += local.characters();
        }
        levels.push(new Level(directory, merged, held, characters));
    }

    /** Leaves the directory entered last. */
    public void leave() {
        Level left = levels.pop();
        heldRules -= left.held();
        heldCharacters -= left.heldCharacters();
    }

    /** A directory's rules before those it inherits, unless a "!" or 'n' says otherwise. */
    private static Chain chain(Local local, Chain inherited, boolean noInherit) {
        Chain kept = local.cleared() || noInherit ? null : inherited;
        return local.rules().isEmpty() ? kept : new Chain(local.rules(), kept);
    }

    /**
     * What one merge file gives: its rules for this side, the characters of pattern they hold,
     * and whether a "!" cleared those inherited.
     */
    private record Local(List<FilterRule> rules, long characters, boolean cleared) {
        static final Local NONE = new Local(List.of(), 0, false);
    }

    /**
     * The rules of {@code merge}'s file in a directory, read through {@code files}: {@code prefix}
     * is the directory as '/'-anchored patterns there are matched (absolute, without the leading
     * '/'), {@code shown} as errors name it.
     */
    private Local read(DirMergeRule merge, MergeFiles files, String prefix, String shown) {
        byte[] content = files.read(merge.name(), MAX_MERGE_FILE);
        if (content == null) {
            return Local.NONE;
        }
        String where = shown + merge.name();
        if (content.length > MAX_MERGE_FILE) {
            throw new IllegalArgumentException(where + " holds more than " + (MAX_MERGE_FILE >> 10)
                    + " KiB of filter rules");
        }
        List<FilterRule> local = new ArrayList<>();
        boolean[] cleared = {false};
        long[] characters = {0};
        try {
            RuleText.each(content, merge.template(), false, parsed -> {
                switch (parsed.kind()) {
                    case CLEAR -> {
                        local.clear();
                        characters[0] = 0;
                        cleared[0] = true;
                    }
                    case MERGE, DIR_MERGE -> throw new ReadsAFile();
                    default -> {
                        if (parsed.cvs()) {
                            throw new ReadsAFile();
                        }
                        FilterRule rule = FilterRules.sided(FilterRule.inDirectory(parsed, prefix), deleteExcluded);
                        if (rule.appliesTo(side)) {
                            local.add(rule);
                            characters[0] += rule.pattern().length();
                        }
                        if (heldRules + local.size() > MAX_HELD_RULES
                                || heldCharacters + characters[0] > MAX_HELD_CHARACTERS) {
                            throw new TooManyRules();
                        }
                    }
                }
            });
        } catch (RuleText.MalformedLine e) {
            // Not the text: the peer may have chosen the file, and must not read it back.
            throw new IllegalArgumentException((e.getCause() instanceof ReadsAFile
                    ? "a per-directory merge file cannot merge files or the CVS list: " : "malformed filter rule in ")
                    + where + " line " + e.line());
        } catch (TooManyRules e) {
            throw new IllegalArgumentException(where + ": the per-directory merge files of the directories being"
                    + " walked hold more than " + MAX_HELD_RULES + " filter rules or "
                    + (MAX_HELD_CHARACTERS >> 20) + " Mi characters of pattern");
        }
        return new Local(List.copyOf(local), characters[0], cleared[0]);
    }

    /**
     * True when the first rule that matches excludes the entry. Throws
     * {@link FilterTooComplexException} when the rules have spent their session's budget (see
     * {@link MatchBudget}).
     */
    public boolean excludes(String relativePath, boolean directory) {
        return judge(relativePath, directory, false);
    }

    /**
     * The same in a directory being deleted, where perishable rules ('p', and rsync's default
     * CVS list) do not hold anything back: rsync's receiver ignores them there.
     */
    public boolean excludesInDeletedDirectory(String relativePath, boolean directory) {
        return judge(relativePath, directory, true);
    }

    /** Whether the 'x' rules exclude the extended attribute {@code name} on this side. */
    public boolean excludesXattr(String name) {
        if (rules.isEmpty()) {
            return false;
        }
        synchronized (budget) {
            Judged judged = new Judged(name, name, true, false, false);
            for (Rule rule : rules) {
                Boolean decided = judged.by(rule, levels.peek());
                if (decided != null) {
                    return decided;
                }
            }
            return false;
        }
    }

    private boolean judge(String relativePath, boolean directory, boolean inDeletedDirectory) {
        if (relativePath.equals(".") || rules.isEmpty()) {
            return false;
        }
        synchronized (budget) {
            Judged judged = new Judged(relativePath, rootPrefix + relativePath, false, directory, inDeletedDirectory);
            for (Rule rule : rules) {
                Boolean decided = judged.by(rule, levels.peek());
                if (decided != null) {
                    return decided;
                }
            }
            return false;
        }
    }

    /** One name being judged, its texts made (and drawn from the budget) when a rule first needs them. */
    private final class Judged {
        private final String relative;
        private final String absolute;
        private final boolean xattr;
        private final boolean directory;
        private final boolean inDeletedDirectory;
        private BoundedText relativeText;
        private BoundedText absoluteText;

        Judged(String relative, String absolute, boolean xattr, boolean directory, boolean inDeletedDirectory) {
            this.relative = relative;
            this.absolute = absolute;
            this.xattr = xattr;
            this.directory = directory;
            this.inDeletedDirectory = inDeletedDirectory;
        }

        /** Whether {@code rule} (or the rules it stands for here) excludes the name; null when none matches. */
        Boolean by(Rule rule, Level level) {
            if (rule instanceof DirMergeRule merge) {
                for (Chain chain = level.merged()[merge.index()]; chain != null; chain = chain.inherited()) {
                    for (FilterRule given : chain.local()) {
                        Boolean decided = by(given, level);
                        if (decided != null) {
                            return decided;
                        }
                    }
                }
                return null;
            }
            FilterRule filter = (FilterRule) rule;
            if (filter.xattr() != xattr || (inDeletedDirectory && filter.perishable())) {
                return null;
            }
            return filter.matches(text(filter.absolute()), directory) ? !filter.include() : null;
        }

        private BoundedText text(boolean absoluteRule) {
            if (absoluteRule && !xattr) {
                absoluteText = absoluteText != null ? absoluteText : budget.text(absolute);
                return absoluteText;
            }
            relativeText = relativeText != null ? relativeText : budget.text(relative);
            return relativeText;
        }
    }
}
