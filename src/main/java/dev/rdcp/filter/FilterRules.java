package dev.rdcp.filter;

import java.util.List;

/**
 * rsync's include/exclude rules, in order: the first rule whose pattern matches an entry decides
 * whether it is excluded ('-') or included ('+'); an entry no rule matches is included.
 *
 * <p>A rule is "+ PATTERN" or "- PATTERN": the sign, one space, then the pattern verbatim
 * (leading and trailing spaces belong to the name). Patterns are matched against the entry's
 * path relative to the transfer root, '/'-separated, e.g. {@code src/a/b.txt}:
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
 * <p>Left out of rsync's filter syntax: long rule names ({@code include PATTERN}), rule
 * modifiers ({@code -/}, {@code +!}, ...), the '!' list-clearing rule, merge and dir-merge
 * files, protect/risk/hide/show rules and {@code --delete-excluded} semantics. Wildcards match
 * characters, not bytes, so {@code ?} matches one whole non-ASCII character.
 *
 * <p>Patterns are compiled once by {@link #parse}; {@link #isExcluded} only runs matchers.
 */
public final class FilterRules {

    /** No rules: nothing excluded. */
    public static final FilterRules NONE = new FilterRules(List.of(), List.of());

    private static final String TRANSFER_ROOT = ".";

    private final List<String> rules;
    private final List<FilterRule> compiled;
    /** One per parse, so one per session: see {@link MatchBudget}. */
    private final MatchBudget budget = new MatchBudget();

    private FilterRules(List<String> rules, List<FilterRule> compiled) {
        this.rules = rules;
        this.compiled = compiled;
    }

    /**
     * Each rule is "+ PATTERN" (include) or "- PATTERN" (exclude), rsync's short filter syntax.
     * Throws IllegalArgumentException with a clear one-line message on a malformed rule.
     */
    public static FilterRules parse(List<String> rules) {
        List<String> copy = List.copyOf(rules);
        return new FilterRules(copy, copy.stream().map(FilterRule::parse).toList());
    }

    /**
     * Lines of an --exclude-from file as rules: blank lines and lines starting with ';' or '#'
     * are skipped; a line starting with "+ " or "- " is kept as that rule; any other line
     * becomes "- LINE". Lines are split as {@link ListLines} splits them ({@code from0}: at NUL).
     * {@code name} names the file in errors.
     *
     * @throws IllegalArgumentException it is not UTF-8 text, or a line is not a rule
     */
    public static List<String> excludeFrom(byte[] content, String name, boolean from0) {
        return ExcludeFromFile.read(content, name, "- ", from0);
    }

    /** The same for an --include-from file: a line without a sign becomes "+ LINE". */
    public static List<String> includeFrom(byte[] content, String name, boolean from0) {
        return ExcludeFromFile.read(content, name, "+ ", from0);
    }

    /** The rules in order, as given to parse (for the wire). */
    public List<String> rules() {
        return rules;
    }

    /**
     * True when the first rule that matches excludes the entry; no match means included. The
     * transfer root (".") is never excluded. Throws {@link FilterTooComplexException} when the
     * rules have spent the budget of this rule set (see {@link MatchBudget}).
     */
    public boolean isExcluded(String relativePath, boolean directory) {
        if (relativePath.equals(TRANSFER_ROOT) || compiled.isEmpty()) {
            return false;
        }
        synchronized (budget) {
            BoundedText text = budget.text(relativePath);
            try {
                for (FilterRule rule : compiled) {
                    if (rule.matches(text, directory)) {
                        return rule.excludes();
                    }
                }
                return false;
            } finally {
                budget.settle(text);
            }
        }
    }

    public boolean isEmpty() {
        return rules.isEmpty();
    }

    @Override
    public String toString() {
        return "FilterRules" + rules;
    }
}
