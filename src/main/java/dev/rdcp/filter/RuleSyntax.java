package dev.rdcp.filter;

/**
 * rsync's filter rule syntax, read as rsync's parser reads it (exclude.c, parse_rule_tok): a
 * rule name, long ({@code exclude}, {@code include}, {@code hide}, {@code show},
 * {@code protect}, {@code risk}, {@code merge}, {@code dir-merge}, {@code clear}) or short
 * ({@code - + H S P R . : !}), optionally a ',', its modifiers, then one space or '_' and the
 * pattern verbatim. Errors are rsync's messages.
 */
final class RuleSyntax {

    /** What a rule does. */
    enum Kind { EXCLUDE, INCLUDE, CLEAR, MERGE, DIR_MERGE }

    /** The side bits: a rule for one side only ('s', 'r', and hide/show, protect/risk). */
    static final int SENDER = 1;
    static final int RECEIVER = 2;

    /**
     * One rule as parsed.
     *
     * @param sides 0 for both sides, else {@link #SENDER} or {@link #RECEIVER} (or both)
     * @param absolute '/': the pattern is matched against the absolute path
     * @param negate '!': the rule applies where the pattern does not match
     * @param perishable 'p': ignored where a directory is being deleted
     * @param xattr 'x': the pattern names extended attributes, not files
     * @param cvs 'C' on an exclude: rsync's CVS list goes here (the pattern means nothing)
     * @param merge how a merge or dir-merge rule reads its file (null for other kinds)
     * @param pattern the rest of the rule: a pattern, or a merge rule's file name
     */
    record Parsed(Kind kind, int sides, boolean absolute, boolean negate, boolean perishable, boolean xattr,
            boolean cvs, Template merge, String pattern) {
    }

    /**
     * How the lines of a file are read: rsync's template, the flags a merge rule gives its
     * file's rules. The command line's --filter reads with {@link #FULL}, --exclude and the rule
     * files with {@link #oldPrefixes} (only "- " and "+ " and a lone "!"). As in rsync, 'x' on a
     * merge rule does not pass to its file's rules.
     *
     * @param include a rule without a prefix includes ({@code +} modifier, or an include file)
     * @param noPrefixes '-' or '+': each line is a pattern, no rule name
     * @param oldPrefixes "- ", "+ " and "!" alone are rule names (--exclude, --exclude-from)
     * @param wordSplit 'w': rules are split at whitespace, not lines; no comments
     * @param noInherit 'n': a dir-merge file's rules do not pass to subdirectories
     * @param excludeSelf 'e': the merge file itself is excluded
     * @param cvs 'C': CVS's .cvsignore syntax ("-" and "+" prefixes, word split, not inherited)
     * @param sides the side every rule of the file is for (0: as each says)
     * @param absolute '/' on every rule of the file
     * @param perishable 'p' on every rule of the file
     */
    record Template(boolean include, boolean noPrefixes, boolean oldPrefixes, boolean wordSplit, boolean noInherit,
            boolean excludeSelf, boolean cvs, int sides, boolean absolute, boolean perishable) {

        static final Template FULL = new Template(false, false, false, false, false, false, false, 0, false, false);

        /** {@code include}: lines without a prefix include (--include, --include-from). */
        static Template oldPrefixes(boolean include) {
            return new Template(include, false, true, false, false, false, false, 0, false, false);
        }
    }

    private final String text;
    private final Template template;
    private int position;

    private RuleSyntax(String text, int start, Template template) {
        this.text = text;
        this.position = start;
        this.template = template;
    }

    /** A rule and where in its text the next one starts (the text's end unless word split). */
    record Next(Parsed rule, int end) {
    }

    /**
     * The rule at {@code start} of {@code text}, or null when (word split) only whitespace is
     * left. Throws IllegalArgumentException with rsync's message for a malformed rule.
     */
    static Next parse(String text, int start, Template template) {
        return new RuleSyntax(text, start, template).next();
    }

    /** The one rule {@code text} holds (not word split). */
    static Parsed parse(String text, Template template) {
        Next next = parse(text, 0, template);
        if (next == null) {
            throw new IllegalArgumentException("unexpected end of filter rule: " + FilterRule.printable(text));
        }
        return next.rule();
    }

    private Next next() {
        if (template.wordSplit()) {
            while (position < text.length() && isSpace(text.charAt(position))) {
                position++;
            }
        }
        if (position >= text.length()) {
            return null;
        }
        int ruleStart = position;
        Kind kind = template.include() ? Kind.INCLUDE : Kind.EXCLUDE;
        int sides = 0;
        boolean absolute = template.absolute();
        boolean negate = false;
        boolean perishable = template.perishable();
        boolean xattr = false;
        boolean noPrefixes = false;
        boolean mergeInclude = false;
        boolean wordSplit = false;
        boolean noInherit = false;
        boolean excludeSelf = false;
        boolean cvs = false;
        boolean tentativeClear = false;
        if (template.noPrefixes()) {
            tentativeClear = text.charAt(position) == '!' && template.cvs();
        } else if (template.oldPrefixes()) {
            if (text.startsWith("- ", position)) {
                kind = Kind.EXCLUDE;
                position += 2;
            } else if (text.startsWith("+ ", position)) {
                kind = Kind.INCLUDE;
                position += 2;
            } else {
                tentativeClear = text.charAt(position) == '!';
            }
        } else {
            char name = ruleName();
            boolean sideNamed = false;
            switch (name) {
                case ':' -> kind = Kind.DIR_MERGE;
                case '.' -> kind = Kind.MERGE;
                case '+' -> kind = Kind.INCLUDE;
                case '-' -> kind = Kind.EXCLUDE;
                case 'S', 'H' -> {
                    kind = name == 'S' ? Kind.INCLUDE : Kind.EXCLUDE;
                    sides = SENDER;
                    sideNamed = true;
                }
                case 'R', 'P' -> {
                    kind = name == 'R' ? Kind.INCLUDE : Kind.EXCLUDE;
                    sides = RECEIVER;
                    sideNamed = true;
                }
                case '!' -> kind = Kind.CLEAR;
                default -> throw new IllegalArgumentException("Unknown filter rule: " + shown(ruleStart));
            }
            boolean merge = kind == Kind.MERGE || kind == Kind.DIR_MERGE;
            while (kind != Kind.CLEAR && ++position < text.length() && text.charAt(position) != ' '
                    && text.charAt(position) != '_') {
                char modifier = text.charAt(position);
                if (template.wordSplit() && isSpace(modifier)) {
                    position--;
                    break;
                }
                boolean valid = switch (modifier) {
                    case '-', '+' -> {
                        boolean first = merge && !noPrefixes;
                        noPrefixes = true;
                        mergeInclude = modifier == '+';
                        yield first;
                    }
                    case '/' -> absolute = true;
                    case '!' -> !merge && (negate = true);
                    case 'C' -> {
                        boolean allowed = !noPrefixes && !sideNamed;
                        noPrefixes = wordSplit = noInherit = cvs = true;
                        yield allowed;
                    }
                    case 'e' -> merge && (excludeSelf = true);
                    case 'n' -> merge && (noInherit = true);
                    case 'w' -> merge && (wordSplit = true);
                    case 'p' -> perishable = true;
                    case 'r', 's' -> {
                        sides |= modifier == 'r' ? RECEIVER : SENDER;
                        yield !sideNamed;
                    }
                    case 'x' -> xattr = true;
                    default -> false;
                };
                if (!valid) {
                    throw new IllegalArgumentException("invalid modifier '" + FilterRule.printable(String.valueOf(modifier))
                            + "' at position " + (position - ruleStart) + " in filter rule: " + shown(ruleStart));
                }
            }
            if (position < text.length()) {
                position++;
            }
        }
        if (template.sides() != 0) {
            if (sides != 0) {
                throw new IllegalArgumentException("specified-side merge file contains specified-side filter: "
                        + shown(ruleStart));
            }
            sides = template.sides();
        }
        int end = position;
        if (template.wordSplit()) {
            while (end < text.length() && !isSpace(text.charAt(end))) {
                end++;
            }
        } else {
            end = text.length();
        }
        String pattern = text.substring(Math.min(position, end), end);
        if (tentativeClear || kind == Kind.CLEAR) {
            if (kind == Kind.CLEAR && !pattern.isEmpty()) {
                throw new IllegalArgumentException("'!' rule has trailing characters: " + shown(ruleStart));
            }
            if (pattern.length() <= 1) {
                return new Next(new Parsed(Kind.CLEAR, 0, false, false, false, false, false, null, ""), end);
            }
        } else if (pattern.isEmpty() && !cvs) {
            throw new IllegalArgumentException("unexpected end of filter rule: " + shown(ruleStart));
        }
        Template merge = kind == Kind.MERGE || kind == Kind.DIR_MERGE
                ? new Template(mergeInclude, noPrefixes, false, wordSplit, noInherit, excludeSelf, cvs, sides,
                        absolute, perishable)
                : null;
        return new Next(new Parsed(kind, sides, absolute, negate, perishable, xattr, cvs && merge == null, merge,
                pattern), end);
    }

    /**
     * The rule's name as its one-character form, the position left on its last character (or on
     * a ',' after it, where the modifiers start); 0 for no known name.
     */
    private char ruleName() {
        String[][] longNames = {{"clear", "!"}, {"dir-merge", ":"}, {"exclude", "-"}, {"hide", "H"},
            {"include", "+"}, {"merge", "."}, {"protect", "P"}, {"risk", "R"}, {"show", "S"}};
        for (String[] longName : longNames) {
            String word = longName[0];
            if (!text.startsWith(word, position)) {
                continue;
            }
            int after = position + word.length();
            if (after >= text.length() || isSpace(text.charAt(after)) || text.charAt(after) == '_') {
                position = after - 1;
                return longName[1].charAt(0);
            }
            if (text.charAt(after) == ',') {
                position = after;
                return longName[1].charAt(0);
            }
            return 0;
        }
        char name = text.charAt(position);
        if (position + 1 < text.length() && text.charAt(position + 1) == ',') {
            position++;
        }
        return name;
    }

    /** The rule from {@code start} as an error shows it: on one line, control characters escaped. */
    private String shown(int start) {
        return FilterRule.printable(text.substring(start));
    }

    /** C's isspace in the "C" locale, as rsync splits words. */
    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0b;
    }
}
