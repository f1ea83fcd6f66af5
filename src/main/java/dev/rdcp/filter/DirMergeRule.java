package dev.rdcp.filter;

/**
 * A dir-merge rule (rsync's {@code :}): in each directory a side walks, the rules of the file
 * {@code name} there take the rule's place, before those the directories above it gave (unless
 * 'n'), as the side reads them through that directory's descriptor ({@link FilterScope}).
 *
 * @param index which of its list's dir-merge rules it is, from 0
 * @param written the file as the rule names it
 * @param name the file's name in each directory
 * @param scanFrom for a file named "/DIR/NAME": DIR (absolute, or on a daemon beneath its root),
 *     where rsync starts reading NAME in the directories above the transfer root too; else null
 * @param template how the file's rules read, and what they take from the rule
 */
record DirMergeRule(int index, String written, String name, String scanFrom, RuleSyntax.Template template)
        implements Rule {

    /** The longest file name a directory holds. */
    private static final int MAX_NAME = 255;

    /**
     * The rule {@code parsed} (a dir-merge) stands for. Its file is one name, or "/DIR/NAME" for
     * rsync's scan of the directories above the transfer root: no other path, so that no rule
     * makes a side read outside the directories it walks (or, from "/DIR", those above).
     */
    static DirMergeRule of(int index, RuleSyntax.Parsed parsed) {
        String written = parsed.pattern();
        String path = written.isEmpty() ? ".cvsignore" : written;
        int slash = path.lastIndexOf('/');
        String name = path.substring(slash + 1);
        String directory = slash < 0 ? null : path.substring(0, slash);
        boolean plainName = !name.isEmpty() && !name.equals(".") && !name.equals("..")
                && name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= MAX_NAME;
        if (!plainName || (directory != null && !plainAbsolute(directory))) {
            throw new IllegalArgumentException("dir-merge file '" + FilterRule.printable(written)
                    + "' must be a name, or /DIR/NAME to read NAME in DIR and the directories below it too");
        }
        return new DirMergeRule(index, written, name, directory == null ? null : directory.isEmpty() ? "/" : directory,
                parsed.merge());
    }

    /** "" (the root) or "/a/b": no empty, "." or ".." component. */
    private static boolean plainAbsolute(String directory) {
        if (directory.isEmpty()) {
            return true;
        }
        if (!directory.startsWith("/")) {
            return false;
        }
        for (String component : directory.substring(1).split("/", -1)) {
            if (component.isEmpty() || component.equals(".") || component.equals("..")) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean appliesTo(int side) {
        return template.sides() == 0 || (template.sides() & side) != 0;
    }

    /**
     * {@inheritDoc} 'e' stays in the client's own list; a peer is sent the exclude it stands for
     * as a rule of its own, just before this one.
     */
    @Override
    public String text(int peerSide, boolean deleteExcluded) {
        StringBuilder modifiers = new StringBuilder(template.absolute() ? "/" : "");
        if (template.cvs()) {
            modifiers.append('C');
        } else {
            modifiers.append(template.noInherit() ? "n" : "").append(template.wordSplit() ? "w" : "")
                    .append(template.noPrefixes() ? template.include() ? "+" : "-" : "");
        }
        if (template.excludeSelf() && peerSide == 0) {
            modifiers.append('e');
        }
        modifiers.append(Rule.sideModifiers(template.sides(), template.perishable(), peerSide, deleteExcluded));
        return ":" + modifiers + (written.isEmpty() ? "" : " " + written);
    }
}
