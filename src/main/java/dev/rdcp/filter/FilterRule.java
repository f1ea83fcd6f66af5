package dev.rdcp.filter;

import java.util.regex.Pattern;

/**
 * One parsed "+ PATTERN" or "- PATTERN" rule, its pattern compiled once.
 *
 * @param excludes true for '-', false for '+'
 * @param directoryOnly the pattern ended in '/', so only directories match
 * @param path the compiled pattern, applied to the whole relative path
 */
record FilterRule(boolean excludes, boolean directoryOnly, Pattern path) {

    /** Where an unanchored pattern may start: the path's start or just after any '/'. */
    private static final String ANY_LEADING_DIRECTORIES = "(?:.*/)?";

    /** Parses {@code rule}; throws IllegalArgumentException with a one-line reason when malformed. */
    static FilterRule parse(String rule) {
        if (rule.length() < 2 || (rule.charAt(0) != '+' && rule.charAt(0) != '-') || rule.charAt(1) != ' ') {
            throw new IllegalArgumentException(
                    "filter rule '" + printable(rule) + "' must be \"+ PATTERN\" or \"- PATTERN\"");
        }
        String pattern = rule.substring(2);
        if (pattern.isEmpty()) {
            throw new IllegalArgumentException("filter rule '" + printable(rule) + "' has an empty pattern");
        }
        boolean directoryOnly = pattern.endsWith("/");
        String name = directoryOnly ? pattern.substring(0, pattern.length() - 1) : pattern;
        boolean anchored = name.startsWith("/");
        String body = anchored ? name.substring(1) : name;
        if (body.isEmpty()) {
            throw new IllegalArgumentException("filter rule '" + printable(rule) + "' names no path");
        }
        String regex = WildcardRegex.translate(body);
        // An unanchored pattern matches the end of the path at a component boundary. A pattern
        // that cannot match '/' therefore only ever matches the final component, as rsync does.
        Pattern compiled = Pattern.compile(anchored ? regex : ANY_LEADING_DIRECTORIES + regex, Pattern.DOTALL);
        return new FilterRule(rule.charAt(0) == '-', directoryOnly, compiled);
    }

    /** Throws {@link FilterTooComplexException} when matching overdraws the text's budget. */
    boolean matches(BoundedText relativePath, boolean directory) {
        return (directory || !directoryOnly) && path.matcher(relativePath).matches();
    }

    /** The rule with control characters shown as escapes, so an error stays one line. */
    private static String printable(String rule) {
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
