package dev.rdcp.filter;

/**
 * A path as the regex engine reads it, with a budget of character reads. Patterns such as
 * {@code **a**a**a**b} make a backtracking matcher take exponential time; the rules may come from
 * a peer (a daemon applies its client's), so a match that runs over budget is stopped.
 */
final class BoundedText implements CharSequence {

    /** Reads allowed per character of the path: far beyond what any sensible pattern needs. */
    private static final long READS_PER_CHARACTER = 2_000;
    private static final long MINIMUM_READS = 100_000;

    private final String text;
    private long readsLeft;

    BoundedText(String text) {
        this.text = text;
        this.readsLeft = Math.max(MINIMUM_READS, READS_PER_CHARACTER * text.length());
    }

    @Override
    public char charAt(int index) {
        if (--readsLeft < 0) {
            throw new FilterTooComplexException(text);
        }
        return text.charAt(index);
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return text.subSequence(start, end);
    }

    @Override
    public String toString() {
        return text;
    }
}
