package dev.rdcp.filter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The client's rules in the order its options give them, read as rsync reads its command line:
 * --filter in rsync's full syntax, --exclude and --include with the "- " and "+ " prefixes
 * alone, --exclude-from and --include-from the same a line at a time. Merge files ({@code merge
 * FILE}, {@code . FILE}) are read here, where they are typed, their rules taking the merge rule's
 * place; {@code -C} puts rsync's CVS list there; a clear rule ({@code !}) drops the rules before
 * it. What is left are rules {@link FilterRules#parse} reads: includes and excludes, and
 * dir-merge rules, whose files each side reads in the directories it walks.
 */
public final class CommandLineRules {

    /** rsync's MAX_MERGE_DEPTH: merge files within merge files, at most this deep. */
    static final int MAX_MERGE_DEPTH = 32;

    /** rsync's default CVS ignore list (its DEFAULT_CVSIGNORE), perishable in its protocol 30 and later. */
    static final String DEFAULT_CVS_IGNORE = "RCS SCCS CVS CVS.adm RCSLOG cvslog.* tags TAGS .make.state .nse_depinfo"
            + " *~ #* .#* ,* _$* *$ *.old *.bak *.BAK *.orig *.rej .del-* *.a *.olb *.o *.obj *.so *.exe *.Z *.elc"
            + " *.ln core .svn/ .git/ .hg/ .bzr/";

    /** Where the files the rules name are read from, and the environment -C looks in. */
    public interface Sources {
        /**
         * The content of merge file {@code name} ("-" is standard input, as in rsync); a file
         * that cannot be read throws, its message rsync's ("failed to open exclude file ...";
         * "include file" when {@code include}).
         */
        byte[] read(String name, boolean include) throws IOException;

        /** The content of {@code name} if it can be read, else null: ~/.cvsignore, which may be missing. */
        byte[] readIfPresent(String name);

        /** An environment variable, or null: HOME and CVSIGNORE for -C. */
        String environment(String variable);
    }

    private final Sources sources;
    private final List<String> rules = new ArrayList<>();
    private int mergeDepth;

    public CommandLineRules(Sources sources) {
        this.sources = sources;
    }

    /**
     * --filter RULE, in rsync's full syntax. {@code from0}: a merge file it reads is split at
     * NUL characters (-0 given before it).
     *
     * @throws IllegalArgumentException the rule (or a merge file's) is malformed, with rsync's message
     * @throws IOException a merge file cannot be read
     */
    public void filter(String rule, boolean from0) throws IOException {
        add(rule, RuleSyntax.Template.FULL, from0);
    }

    /** --exclude PATTERN: a pattern, or a rule with the prefix "- " or "+ ", or "!" to clear. */
    public void exclude(String pattern) throws IOException {
        add(pattern, RuleSyntax.Template.oldPrefixes(false), false);
    }

    /** --include PATTERN: the same, a pattern without a prefix including. */
    public void include(String pattern) throws IOException {
        add(pattern, RuleSyntax.Template.oldPrefixes(true), false);
    }

    /**
     * --exclude-from: each line as {@link #exclude} reads it, blank lines and lines starting with
     * ';' or '#' skipped, lines split as {@link ListLines} splits them. {@code name} names the
     * file in errors.
     *
     * @throws IllegalArgumentException it is not UTF-8 text, or a line is malformed, the line named
     */
    public void excludeFrom(byte[] content, String name, boolean from0) throws IOException {
        read(content, name, RuleSyntax.Template.oldPrefixes(false), from0);
    }

    /** --include-from: the same, a line without a prefix including. */
    public void includeFrom(byte[] content, String name, boolean from0) throws IOException {
        read(content, name, RuleSyntax.Template.oldPrefixes(true), from0);
    }

    /** The rules, each in rsync's short form, for {@link FilterRules#parse}. */
    public List<String> rules() {
        return List.copyOf(rules);
    }

    /**
     * The rules with --cvs-exclude's after them, as rsync adds them once all options are read:
     * each directory's .cvsignore (":C"), then rsync's CVS list ("-C").
     */
    public List<String> rulesWithCvsExclude() throws IOException {
        CommandLineRules cvs = new CommandLineRules(sources);
        cvs.rules.addAll(rules);
        cvs.filter(":C", false);
        cvs.filter("-C", false);
        return cvs.rules();
    }

    /** Every rule {@code text} holds (one, unless {@code template} splits words). */
    private void add(String text, RuleSyntax.Template template, boolean from0) throws IOException {
        RuleText.each(text, template, rule -> add(rule, from0));
    }

    private void add(RuleSyntax.Parsed rule, boolean from0) throws IOException {
        switch (rule.kind()) {
            case CLEAR -> rules.clear();
            case MERGE -> merge(rule, from0);
            case DIR_MERGE -> rules.add(DirMergeRule.of(0, rule).text(0, false));
            default -> {
                if (rule.cvs()) {
                    cvsList(rule);
                } else {
                    rules.add(FilterRule.of(rule).text(0, false));
                }
            }
        }
    }

    /** A merge file's rules in the merge rule's place, after "- NAME" with 'e'. */
    private void merge(RuleSyntax.Parsed rule, boolean from0) throws IOException {
        RuleSyntax.Template template = rule.merge();
        String name = rule.pattern().isEmpty() ? ".cvsignore" : rule.pattern();
        if (template.excludeSelf()) {
            rules.add("- " + name.substring(name.lastIndexOf('/') + 1));
        }
        if (mergeDepth >= MAX_MERGE_DEPTH) {
            throw new IOException("merge-file include depth limit (" + MAX_MERGE_DEPTH + ") exceeded at " + name);
        }
        mergeDepth++;
        try {
            read(sources.read(name, template.include()), name, template, from0);
        } finally {
            mergeDepth--;
        }
    }

    /**
     * rsync's CVS list where {@code rule} ("-C") stands: its default list (perishable), then
     * ~/.cvsignore and $CVSIGNORE, each word an exclude; a "!" among them clears the list so far.
     */
    private void cvsList(RuleSyntax.Parsed rule) throws IOException {
        RuleSyntax.Template words = new RuleSyntax.Template(false, true, false, true, true, false, true,
                rule.sides(), rule.absolute(), rule.perishable());
        CommandLineRules list = new CommandLineRules(sources);
        list.add(DEFAULT_CVS_IGNORE, new RuleSyntax.Template(false, true, false, true, true, false, true,
                rule.sides(), rule.absolute(), true), false);
        String home = sources.environment("HOME");
        byte[] cvsignore = home == null ? null : sources.readIfPresent(home.replaceFirst("/+$", "") + "/.cvsignore");
        if (cvsignore != null) {
            list.read(cvsignore, "~/.cvsignore", words, false);
        }
        String variable = sources.environment("CVSIGNORE");
        if (variable != null) {
            list.add(variable, words, false);
        }
        rules.addAll(list.rules);
    }

    /** A rule file's content: lines (comments skipped), or with 'w' words; an error names the line. */
    private void read(byte[] content, String name, RuleSyntax.Template template, boolean from0) throws IOException {
        try {
            RuleText.each(content, template, from0, rule -> add(rule, from0));
        } catch (RuleText.MalformedLine e) {
            throw new IllegalArgumentException(name + ":" + e.line() + ": " + e.getMessage(), e);
        }
    }
}
