package dev.rdcp.filter;

import java.util.regex.Pattern;

/**
 * One include or exclude rule, its pattern compiled once.
 *
 * @param include '+' (include, show, risk), else '-' (exclude, hide, protect)
 * @param sides {@link RuleSyntax#SENDER} or {@link RuleSyntax#RECEIVER} for a rule of one side
 *     (hide and show, protect and risk, 's' and 'r'), 0 for both
 * @param absolute '/': matched against the absolute path (on a daemon, the path beneath its root)
 * @param negate '!': the rule applies where the pattern does not match
 * @param perishable 'p': ignored in a directory being deleted
 * @param xattr 'x': matched against extended attribute names, not paths
 * @param directoryOnly the pattern ended in '/', so only directories match
 * @param path the compiled pattern, applied to the whole relative path
 * @param pattern the pattern as written, its trailing '/' included
 */
record FilterRule(boolean include, int sides, boolean absolute, boolean negate, boolean perishable, boolean xattr,
        boolean directoryOnly, Pattern path, String pattern) implements Rule {

    /** Where an unanchored pattern may start: the path's start or just after any '/'. */
    private static final String ANY_LEADING_DIRECTORIES = "(?:.*/)?";
    /** A pattern's start that rsync also tries to match without, at the top of the path. */
    private static final String LEADING_ANY_DIRECTORIES = "**/";

    /** The rule {@code parsed} stands for; throws IllegalArgumentException for a malformed pattern. */
    static FilterRule of(RuleSyntax.Parsed parsed) {
        return compile(parsed, parsed.absolute(), "");
    }

    /**
     * A rule of the per-directory merge file in {@code directory} (its absolute path without the
     * leading '/', "" for the root). As rsync anchors it, a pattern starting with '/' names a
     * path beneath that directory, and is matched as a '/' rule against the absolute path;
     * others are as {@link #of} makes them.
     */
    static FilterRule inDirectory(RuleSyntax.Parsed parsed, String directory) {
        boolean anchoredHere = !parsed.absolute() && parsed.pattern().startsWith("/");
        return anchoredHere ? compile(parsed, true, directory.isEmpty() ? "" : directory + "/") : of(parsed);
    }

    /** {@code directory}: literal text the anchored pattern is to follow ("" for none). */
    private static FilterRule compile(RuleSyntax.Parsed parsed, boolean absolute, String directory) {
        String pattern = parsed.pattern();
        // As rsync: a lone "/" is a name, not a directory mark.
        boolean directoryOnly = pattern.length() > 1 && pattern.endsWith("/");
        String name = directoryOnly ? pattern.substring(0, pattern.length() - 1) : pattern;
        boolean anchored = name.startsWith("/");
        String body = anchored ? name.substring(1) : name;
        if (body.isEmpty()) {
            throw new IllegalArgumentException("filter rule pattern '" + printable(pattern) + "' names no path");
        }
        StringBuilder regex = new StringBuilder(anchored ? "" : ANY_LEADING_DIRECTORIES);
        directory.codePoints().forEach(c -> regex.append(WildcardRegex.literal(c)));
        // An unanchored pattern matches the end of the path at a component boundary. A pattern
        // that cannot match '/' therefore only ever matches the final component, as rsync does.
        if (!anchored && body.startsWith(LEADING_ANY_DIRECTORIES)) {
            // As rsync's matcher: an unanchored pattern starting "**/" also matches its rest at the top ("**/a" is "a" too).
            regex.append("(?:").append(WildcardRegex.translate(body)).append('|')
                    .append(WildcardRegex.translate(body.substring(LEADING_ANY_DIRECTORIES.length()))).append(')');
        } else {
            regex.append(WildcardRegex.translate(body));
        }
        return new FilterRule(parsed.kind() == RuleSyntax.Kind.INCLUDE, parsed.sides(), absolute, parsed.negate(),
                parsed.perishable(), parsed.xattr(), directoryOnly, Pattern.compile(regex.toString(), Pattern.DOTALL),
                directory.isEmpty() ? pattern : "/" + directory + pattern.substring(1));
    }

    /**
     * Whether the rule applies to {@code text} (a path relative to the transfer root, the
     * absolute path for an absolute rule, or an attribute name), as rsync's rule_matches
     * decides: a directory-only rule never matches anything else, and '!' turns the answer
     * round. Throws {@link FilterTooComplexException} when matching overdraws the text's budget.
     */
    boolean matches(BoundedText text, boolean directory) {
        boolean hit = (directory || !directoryOnly) && path.matcher(text).matches();
        return hit != negate;
    }

    /** The same rule for {@code sides} alone. */
    FilterRule withSides(int sides) {
        return new FilterRule(include, sides, absolute, negate, perishable, xattr, directoryOnly, path, pattern);
    }

    @Override
    public boolean appliesTo(int side) {
        return sides == 0 || (sides & side) != 0;
    }

    /**
     * {@inheritDoc} As a peer reads it, a plain rule stays "- PATTERN" or "+ PATTERN", which
     * every rdcp reads.
     */
    @Override
    public String text(int peerSide, boolean deleteExcluded) {
        return (include ? "+" : "-") + (absolute ? "/" : "") + (negate ? "!" : "") + (xattr ? "x" : "")
                + Rule.sideModifiers(sides, perishable, peerSide, deleteExcluded) + " " + pattern;
    }

    /** The rule with control characters shown as escapes, so an error stays one line. */
    static String printable(String rule) {
        StringBuilder out = new StringBuilder(rule.length());
        rule.chars().forEach(c -> {
            if (Character.isISOControl(c)) {
                out.append(String.format("\\x%02x", c));
            } else {
                out.append((char) c);
            }
        });
        return out.toString();
    }
}
