package dev.rdcp.filter;

/**
 * A path as the regex engine reads it, drawing each character read from a {@link MatchBudget}.
 * Patterns such as {@code **a**a**a**b} make a backtracking matcher take exponential time; the
 * rules may come from a peer (a daemon applies its client's), so matching that overdraws the
 * budget is stopped.
 */
final class BoundedText implements CharSequence {

    private final String text;
    private final MatchBudget budget;

    BoundedText(String text, MatchBudget budget) {
        this.text = text;
        this.budget = budget;
    }

    @Override
    public char charAt(int index) {
        budget.spend(this);
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
