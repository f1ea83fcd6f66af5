package dev.rdcp.filter;

import java.util.ArrayList;
import java.util.List;

/**
 * rsync's filter rules, in order: on each side the first rule that applies there and matches an
 * entry decides whether it is excluded or included; an entry no rule matches is included.
 *
 * <p>A rule is written as rsync writes it (see {@link RuleSyntax}): {@code - PATTERN} (exclude),
 * {@code + PATTERN} (include), {@code H} hide and {@code S} show (the sender's alone: what is
 * listed), {@code P} protect and {@code R} risk (the receiver's alone: what --delete may
 * remove), {@code !} to clear the rules before it, {@code : FILE} (dir-merge) for the rules of
 * FILE in each directory walked, each with its long name too ({@code exclude}, {@code hide},
 * ..., {@code clear}, {@code dir-merge}). Modifiers follow the name: {@code s} and {@code r} make
 * a rule one side's, {@code !} applies it where the pattern does not match, {@code /} matches
 * the absolute path (on a daemon, the path beneath its root), {@code p} makes it perishable (not
 * held back in a directory being deleted), {@code x} matches extended attribute names; a
 * dir-merge rule takes {@code - +} (its file's lines are patterns), {@code C} (CVS's syntax),
 * {@code n} (not inherited), {@code w} (words), {@code e} (its file excluded), and passes
 * {@code / s r p} to its file's rules. With --delete-excluded a rule with no side is the
 * sender's alone, so what it excludes is deleted. Merge files ({@code merge FILE},
 * {@code . FILE}) and rsync's CVS list ({@code -C}) are read on the client, where they are typed
 * ({@link CommandLineRules}); no rule from a peer makes this side read a file but a dir-merge
 * file in the directories it walks (and, for {@code /DIR/NAME}, those above its top), read
 * beneath their descriptors and bounded ({@link FilterScope}).
 *
 * <p>Patterns are matched against the entry's path relative to the transfer root,
 * '/'-separated, e.g. {@code src/a/b.txt}:
 * <ul>
 * <li>A leading '/' anchors the pattern to the transfer root: it must match the whole path.
 *     {@code /build} matches {@code build} but not {@code src/build}.</li>
 * <li>Otherwise the pattern matches the end of the path, starting at a component boundary:
 *     {@code a/b} matches {@code a/b} and {@code x/a/b} but not {@code xa/b}; a pattern that
 *     cannot match '/' ({@code *.o}) therefore matches the final component only.</li>
 * <li>A trailing '/' makes the rule match directories only.</li>
 * <li>{@code *} matches any run of characters but '/'; {@code **} (or more stars) any run
 *     including '/'; {@code ?} one character but '/'; {@code [...]} one character of a class,
 *     with ranges, '!' or '^' negation, a leading ']' taken literally, POSIX names such as
 *     {@code [:digit:]}, and never '/'.</li>
 * <li>A backslash escapes the next character, but only in a pattern that has a wildcard
 *     ({@code * ? [}); in a plain name it is a literal backslash, as in rsync.</li>
 * <li>{@code dir/***} matches {@code dir} itself and everything below it.</li>
 * <li>{@code foo/**} matches everything below any directory named {@code foo} (not
 *     {@code foo} itself); <code>**&#47;foo</code> matches {@code foo} below some directory but
 *     not a {@code foo} at the transfer root, since its '/' must match a real separator.</li>
 * </ul>
 *
 * <p>Each entry is judged on its own path: excluding a directory does not make this class
 * exclude the paths below it. As in rsync, the caller must not descend into an excluded
 * directory, which is what makes {@code - build/} skip a whole tree, and why the rules
 * <code>+ *&#47;</code>, {@code + *.txt}, {@code - *} keep {@code .txt} files at any depth.
 *
 * <p>Left out of rsync's filter syntax: a dir-merge file named by a path other than
 * {@code NAME} or {@code /DIR/NAME}, merge rules inside a dir-merge file, a dir-merge file that
 * is a symlink (not read), and 'x' rules in a dir-merge file (extended attributes are judged by
 * the top-level 'x' rules alone). rdcp refuses a malformed pattern (an unclosed '[', ...) where
 * rsync's matcher would silently match nothing. Wildcards match characters, not bytes, so
 * {@code ?} matches one whole non-ASCII character.
 *
 * <p>Each side is sent only the rules it uses, in this short form ({@link #forPeer}): a plain
 * rule stays {@code - PATTERN} or {@code + PATTERN}, which every rdcp reads.
 *
 * <p>Patterns are compiled once by {@link #parse}; matching only runs matchers, within one
 * budget per rule set ({@link MatchBudget}).
 */
public final class FilterRules {

    /** A side of the transfer, which rules may be limited to. */
    public enum Side {
        SENDER(RuleSyntax.SENDER), RECEIVER(RuleSyntax.RECEIVER);

        private final int bit;

        Side(int bit) {
            this.bit = bit;
        }
    }

    /** No rules: nothing excluded. */
    public static final FilterRules NONE = new FilterRules(List.of(), List.of(), false);

    private final List<String> rules;
    private final List<Rule> compiled;
    private final boolean deleteExcluded;
    /** One per parse, so one per session: see {@link MatchBudget}. */
    private final MatchBudget budget = new MatchBudget();

    private FilterRules(List<String> rules, List<Rule> compiled, boolean deleteExcluded) {
        this.rules = rules;
        this.compiled = compiled;
        this.deleteExcluded = deleteExcluded;
    }

    /**
     * Each dir-merge rule costs an open attempt in every directory either side walks: a peer's
     * request could otherwise carry thousands. rsync sets no limit; a real command line has a few.
     */
    static final int MAX_DIR_MERGE_RULES = 32;

    /** {@link #parse(List, boolean)} without --delete-excluded. */
    public static FilterRules parse(List<String> rules) {
        return parse(rules, false);
    }

    /**
     * Each rule in rsync's syntax, as {@code --filter} takes it, or as a REQUEST carries it.
     * A clear rule ({@code !}) drops those before it. With {@code deleteExcluded}, a rule for
     * no side in particular is the sender's, as rsync makes it. Throws
     * IllegalArgumentException with a one-line message for a malformed rule, for a rule that
     * would read a file here (merge, {@code -C}), for a dir-merge rule naming a path other
     * than NAME or /DIR/NAME (a peer must not make this side read a file elsewhere than in the
     * directories it walks), and for more than {@link #MAX_DIR_MERGE_RULES} dir-merge rules.
     */
    public static FilterRules parse(List<String> rules, boolean deleteExcluded) {
        List<String> copy = List.copyOf(rules);
        List<Rule> compiled = new ArrayList<>();
        int mergeFiles = 0;
        for (String rule : copy) {
            RuleSyntax.Parsed parsed = RuleSyntax.parse(rule, RuleSyntax.Template.FULL);
            switch (parsed.kind()) {
                case CLEAR -> compiled.clear();
                case MERGE -> throw new IllegalArgumentException("filter rule '" + FilterRule.printable(rule)
                        + "' reads a file, which only the client does, where it is typed");
                case DIR_MERGE -> {
                    if (mergeFiles == MAX_DIR_MERGE_RULES) {
                        throw new IllegalArgumentException("more than " + MAX_DIR_MERGE_RULES + " dir-merge rules");
                    }
                    DirMergeRule merge = DirMergeRule.of(mergeFiles++, parsed);
                    if (merge.template().excludeSelf()) {
                        compiled.add(sided(FilterRule.of(new RuleSyntax.Parsed(RuleSyntax.Kind.EXCLUDE, 0, false,
                                false, false, false, false, null, merge.name())), deleteExcluded));
                    }
                    compiled.add(merge);
                }
                default -> {
                    if (parsed.cvs()) {
                        throw new IllegalArgumentException("filter rule '" + FilterRule.printable(rule)
                                + "' asks for the CVS list, which the client expands");
                    }
                    compiled.add(sided(FilterRule.of(parsed), deleteExcluded));
                }
            }
        }
        return new FilterRules(copy, List.copyOf(compiled), deleteExcluded);
    }

    /** As rsync: with --delete-excluded a rule for no side in particular is the sender's. */
    static FilterRule sided(FilterRule rule, boolean deleteExcluded) {
        return deleteExcluded && rule.sides() == 0 ? rule.withSides(RuleSyntax.SENDER) : rule;
    }

    /** The rules as given to parse. */
    public List<String> rules() {
        return rules;
    }

    /**
     * The rules a peer on {@code side} uses, in the order they apply, in rsync's short form:
     * what a REQUEST carries to it (a pushing client's receiver is the server, a pulling
     * client's sender). A rule of the other side's alone is left out.
     */
    public List<String> forPeer(Side side) {
        return compiled.stream().filter(rule -> rule.appliesTo(side.bit) && !(side == Side.RECEIVER && deleteExcluded
                && rule instanceof DirMergeRule merge && merge.template().noPrefixes() && merge.template().sides() == 0))
                .map(rule -> rule.text(side.bit, deleteExcluded)).toList();
    }

    /** The rules as {@code side} judges names by them, per-directory merge files read as it walks. */
    public FilterScope scope(Side side) {
        return new FilterScope(compiled, side.bit, deleteExcluded, budget);
    }

    public boolean isEmpty() {
        return compiled.isEmpty();
    }

    @Override
    public String toString() {
        return "FilterRules" + rules;
    }
}
