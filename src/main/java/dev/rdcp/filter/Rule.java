package dev.rdcp.filter;

/** One entry of a rule list: an include or exclude rule, or a per-directory merge file's place. */
sealed interface Rule permits FilterRule, DirMergeRule {

    /** Whether the rule is used on {@code side} ({@link RuleSyntax#SENDER} or {@link RuleSyntax#RECEIVER}). */
    boolean appliesTo(int side);

    /**
     * The rule in rsync's short form: every modifier kept for the client's own list
     * ({@code peerSide} 0), or as a peer on {@code peerSide} is to read it.
     */
    String text(int peerSide, boolean deleteExcluded);

    /**
     * rsync's side modifiers and 'p' of a rule for {@code sides}, as a peer on {@code peerSide}
     * is to read them (0: the client's own list, every one kept): its side left out where the
     * peer's role implies it, 'p' where it means nothing (a sender). A receiver told
     * --delete-excluded takes a rule without a side for the sender's, so a receiver's keeps its 'r'.
     */
    static String sideModifiers(int sides, boolean perishable, int peerSide, boolean deleteExcluded) {
        StringBuilder modifiers = new StringBuilder();
        if (peerSide == 0 && (sides & RuleSyntax.SENDER) != 0) {
            modifiers.append('s');
        }
        boolean receivers = (sides & RuleSyntax.RECEIVER) != 0;
        if (receivers && (peerSide == 0 || (peerSide == RuleSyntax.RECEIVER && deleteExcluded))) {
            modifiers.append('r');
        }
        if (perishable && peerSide != RuleSyntax.SENDER) {
            modifiers.append('p');
        }
        return modifiers.toString();
    }
}
