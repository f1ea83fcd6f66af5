package dev.rdcp.filter;

import java.util.Map;

/**
 * One bracket expression of a wildcard pattern, as rsync's wildmatch reads it: an optional '!'
 * or '^' negation, a ']' right after the opening (or the negation) taken literally, ranges
 * {@code a-z}, POSIX names {@code [:alpha:]}, and backslash escapes. Like wildmatch, the class
 * never matches '/'.
 *
 * @param regex the Java regex for the class
 * @param end the index in the pattern just after the closing ']'
 */
record CharacterClass(String regex, int end) {

    private static final Map<String, String> POSIX_NAMES = Map.ofEntries(
            Map.entry("alnum", "\\p{Alnum}"),
            Map.entry("alpha", "\\p{Alpha}"),
            Map.entry("blank", "\\p{Blank}"),
            Map.entry("cntrl", "\\p{Cntrl}"),
            Map.entry("digit", "\\p{Digit}"),
            Map.entry("graph", "\\p{Graph}"),
            Map.entry("lower", "\\p{Lower}"),
            Map.entry("print", "\\p{Print}"),
            Map.entry("punct", "\\p{Punct}"),
            Map.entry("space", "\\p{Space}"),
            Map.entry("upper", "\\p{Upper}"),
            Map.entry("xdigit", "\\p{XDigit}"));

    /**
     * Parses the class whose '[' is just before {@code start}; throws IllegalArgumentException on
     * an unclosed class, a reversed range or an unknown POSIX name.
     */
    static CharacterClass parse(String pattern, int start) {
        return new Parser(pattern, start).parse();
    }

    private static final class Parser {
        private final String pattern;
        private final int opening;
        private int position;
        private final StringBuilder members = new StringBuilder();

        Parser(String pattern, int start) {
            this.pattern = pattern;
            this.opening = start - 1;
            this.position = start;
        }

        CharacterClass parse() {
            boolean negated = position < pattern.length()
                    && (pattern.charAt(position) == '!' || pattern.charAt(position) == '^');
            if (negated) {
                position++;
            }
            boolean first = true;
            while (true) {
                if (position >= pattern.length()) {
                    throw malformed("has an unclosed '['");
                }
                if (pattern.charAt(position) == ']' && !first) {
                    position++;
                    break;
                }
                first = false;
                member();
            }
            // Negated: '/' joins the excluded set; otherwise intersect with "not '/'".
            String regex = negated
                    ? "[^" + members + "/]"
                    : "[" + members + "&&[^/]]";
            return new CharacterClass(regex, position);
        }

        /** One character, range or POSIX name. */
        private void member() {
            if (pattern.startsWith("[:", position) && posixName()) {
                return;
            }
            int low = character();
            boolean range = position + 1 < pattern.length()
                    && pattern.charAt(position) == '-'
                    && pattern.charAt(position + 1) != ']';
            if (!range) {
                members.append(WildcardRegex.literal(low));
                return;
            }
            position++;
            int high = character();
            if (high < low) {
                throw malformed("has the reversed range " + new String(Character.toChars(low)) + "-"
                        + new String(Character.toChars(high)));
            }
            members.append(WildcardRegex.literal(low)).append('-').append(WildcardRegex.literal(high));
        }

        /** A "[:name:]" at the position; false (consuming nothing) when no ":]" closes it. */
        private boolean posixName() {
            int close = pattern.indexOf(":]", position + 2);
            int bracket = pattern.indexOf(']', position + 2);
            if (close < 0 || bracket < close + 1) {
                return false;
            }
            String name = pattern.substring(position + 2, close);
            String property = POSIX_NAMES.get(name);
            if (property == null) {
                throw malformed("has the unknown character class [:" + name + ":]");
            }
            members.append(property);
            position = close + 2;
            return true;
        }

        /** The next code point, with a backslash escaping the one after it. */
        private int character() {
            if (pattern.charAt(position) == '\\') {
                position++;
                if (position >= pattern.length()) {
                    throw malformed("has an unclosed '['");
                }
            }
            int c = pattern.codePointAt(position);
            position += Character.charCount(c);
            return c;
        }

        private IllegalArgumentException malformed(String problem) {
            return new IllegalArgumentException(
                    "pattern '" + pattern + "' " + problem + " (at index " + opening + ")");
        }
    }
}
