package dev.rdcp.filter;

/** The filter rules would take too long to decide about one path (see {@link BoundedText}). */
public final class FilterTooComplexException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    FilterTooComplexException(String path) {
        super("the filter rules are too complex to match against " + path.length() + "-character path names");
    }
}
