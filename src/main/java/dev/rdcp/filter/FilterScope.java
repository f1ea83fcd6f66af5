package dev.rdcp.filter;

import java.util.List;

/**
 * The rules as one side of a transfer judges its names by them: the sender what it lists, the
 * receiver what --delete may remove. A rule for the other side (hide and show are the sender's,
 * protect and risk the receiver's) is passed over; the first rule that matches decides, and a
 * name no rule matches is included. The transfer root (".") is never excluded.
 */
public final class FilterScope {

    private final List<FilterRule> rules;
    private final MatchBudget budget;
    /** The absolute directory the relative names start from, without its leading '/', for '/' rules. */
    private String rootPrefix = "";

    FilterScope(List<FilterRule> rules, int side, MatchBudget budget) {
        this.rules = rules.stream().filter(rule -> rule.appliesTo(side)).toList();
        this.budget = budget;
    }

    /**
     * The directory the names judged from now on are relative to, as rules with the '/'
     * modifier see it: its absolute path, or on a daemon its path beneath the served root
     * ("/" for the root), as rsync's daemon matches them.
     */
    public void root(String absoluteDirectory) {
        String trimmed = absoluteDirectory.replaceAll("^/+|/+$", "");
        rootPrefix = trimmed.isEmpty() ? "" : trimmed + "/";
    }

    /** Whether no rule applies on this side: nothing is excluded. */
    public boolean isEmpty() {
        return rules.isEmpty();
    }

    /**
     * True when the first rule that matches excludes the entry. Throws
     * {@link FilterTooComplexException} when the rules have spent their session's budget (see
     * {@link MatchBudget}).
     */
    public boolean excludes(String relativePath, boolean directory) {
        return judge(relativePath, directory, false);
    }

    /**
     * The same in a directory being deleted, where perishable rules ('p', and rsync's default
     * CVS list) do not hold anything back: rsync's receiver ignores them there.
     */
    public boolean excludesInDeletedDirectory(String relativePath, boolean directory) {
        return judge(relativePath, directory, true);
    }

    /** Whether the 'x' rules exclude the extended attribute {@code name} on this side. */
    public boolean excludesXattr(String name) {
        if (rules.isEmpty()) {
            return false;
        }
        synchronized (budget) {
            BoundedText text = budget.text(name);
            for (FilterRule rule : rules) {
                if (rule.xattr() && rule.matches(text, false)) {
                    return !rule.include();
                }
            }
            return false;
        }
    }

    private boolean judge(String relativePath, boolean directory, boolean inDeletedDirectory) {
        if (relativePath.equals(".") || rules.isEmpty()) {
            return false;
        }
        synchronized (budget) {
            BoundedText relative = null;
            BoundedText absolute = null;
            for (FilterRule rule : rules) {
                if (rule.xattr() || (inDeletedDirectory && rule.perishable())) {
                    continue;
                }
                BoundedText text;
                if (rule.absolute()) {
                    absolute = absolute != null ? absolute : budget.text(rootPrefix + relativePath);
                    text = absolute;
                } else {
                    relative = relative != null ? relative : budget.text(relativePath);
                    text = relative;
                }
                if (rule.matches(text, directory)) {
                    return !rule.include();
                }
            }
            return false;
        }
    }
}
