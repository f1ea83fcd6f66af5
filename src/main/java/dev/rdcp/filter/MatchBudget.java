package dev.rdcp.filter;

/**
 * The character reads one rule set may spend over a session, whatever the number of rules: each
 * path judged earns reads in proportion to its length, and the balance is capped, so matching
 * costs at most a constant per character listed and cannot be saved up for one path. Per rule,
 * the cost would grow with the rule count, which the peer chooses.
 */
final class MatchBudget {

    /** The balance at the start and its cap: some tenths of a second of matching. */
    static final long MAX_READS = 50_000_000;
    /** Earned per character of each path judged: far beyond what ordinary rule sets spend. */
    static final long READS_PER_CHARACTER = 10_000;

    private long readsLeft = MAX_READS;

    /** {@code path}, its earnings added to the balance, each character read drawn from it. */
    BoundedText text(String path) {
        readsLeft = Math.min(MAX_READS, readsLeft + READS_PER_CHARACTER * Math.max(1, path.length()));
        return new BoundedText(path, this);
    }

    /** One character of {@code text} read; throws once the balance is spent. */
    void spend(BoundedText text) {
        if (readsLeft <= 0) {
            throw new FilterTooComplexException(text.toString());
        }
        readsLeft--;
    }
}
