package dev.rdcp.filter;

import java.util.regex.Pattern;

/** One rsync wildcard (*, ?, [..]) matched against a whole name, as --usermap and --groupmap use them. */
public final class NameWildcard {

    /**
     * What one map's wildcards may spend matching, as filter rules (see {@link MatchBudget}): the
     * wildcards come from a peer when a daemon receives.
     */
    public static final class Budget {
        private final MatchBudget reads = new MatchBudget();

        /** {@code name} as every wildcard of the map reads it, each read drawn from this budget. */
        public CharSequence text(String name) {
            return reads.text(name);
        }
    }

    private final Pattern pattern;

    /** Throws IllegalArgumentException when {@code wildcard} is malformed. */
    public NameWildcard(String wildcard) {
        this.pattern = Pattern.compile(WildcardRegex.translate(wildcard), Pattern.DOTALL);
    }

    /**
     * Whether the whole of {@code name}, from {@link Budget#text}, matches.
     *
     * @throws FilterTooComplexException when matching overdraws the budget
     */
    public boolean matches(CharSequence name) {
        return pattern.matcher(name).matches();
    }
}
