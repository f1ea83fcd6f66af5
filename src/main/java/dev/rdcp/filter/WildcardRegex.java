package dev.rdcp.filter;

/**
 * Translates an rsync wildcard pattern (without its leading '/' and trailing '/') into a
 * {@link java.util.regex.Pattern} source that must match the whole text it is applied to.
 *
 * <p>Every literal character is emitted as {@code \x{hex}}, so no regex metacharacter in a file
 * name can leak into the expression.
 */
final class WildcardRegex {

    private static final String ONE_CHARACTER_BUT_SLASH = "[^/]";
    /** rsync's "dir/***": the directory itself, or anything below it. */
    private static final String TRIPLE_STAR_SUFFIX = "/***";

    private final String pattern;
    /** rsync reads a backslash as an escape only in a pattern that has a wildcard. */
    private final boolean backslashEscapes;
    private final StringBuilder regex = new StringBuilder();
    private int position;

    private WildcardRegex(String pattern) {
        this.pattern = pattern;
        this.backslashEscapes = hasWildcard(pattern);
    }

    /** The regex source for {@code pattern}; throws IllegalArgumentException when it is malformed. */
    static String translate(String pattern) {
        return new WildcardRegex(pattern).body();
    }

    private static boolean hasWildcard(String pattern) {
        return pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0 || pattern.indexOf('[') >= 0;
    }

    private String body() {
        while (position < pattern.length()) {
            int c = pattern.codePointAt(position);
            position += Character.charCount(c);
            switch (c) {
                case '/' -> slash();
                case '*' -> stars();
                case '?' -> regex.append(ONE_CHARACTER_BUT_SLASH);
                case '[' -> characterClass();
                case '\\' -> regex.append(backslashEscapes ? escaped() : literal('\\'));
                default -> regex.append(literal(c));
            }
        }
        return regex.toString();
    }

    private void slash() {
        boolean tripleStarSuffix = pattern.length() - position == TRIPLE_STAR_SUFFIX.length() - 1
                && pattern.startsWith(TRIPLE_STAR_SUFFIX, position - 1);
        if (tripleStarSuffix) {
            regex.append("(?:/.*)?");
            position = pattern.length();
        } else {
            regex.append(literal('/'));
        }
    }

    /** One '*' stays within a path component; two or more cross '/'. */
    private void stars() {
        int run = 1;
        while (position < pattern.length() && pattern.charAt(position) == '*') {
            run++;
            position++;
        }
        regex.append(run == 1 ? ONE_CHARACTER_BUT_SLASH + "*" : ".*");
    }

    private String escaped() {
        if (position >= pattern.length()) {
            throw new IllegalArgumentException("pattern '" + pattern + "' ends with a lone backslash");
        }
        int c = pattern.codePointAt(position);
        position += Character.charCount(c);
        return literal(c);
    }

    private void characterClass() {
        CharacterClass parsed = CharacterClass.parse(pattern, position);
        regex.append(parsed.regex());
        position = parsed.end();
    }

    /** {@code c} as a regex that matches exactly that character. */
    static String literal(int c) {
        return "\\x{" + Integer.toHexString(c) + "}";
    }
}
