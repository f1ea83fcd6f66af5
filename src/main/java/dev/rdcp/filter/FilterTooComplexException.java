package dev.rdcp.filter;

/** The filter rules have spent the matching budget of their session (see {@link MatchBudget}). */
public final class FilterTooComplexException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    FilterTooComplexException(String path) {
        super("the filter rules are too complex: matching them against the listed names takes too long (at a "
                + path.length() + "-character name)");
    }
}
