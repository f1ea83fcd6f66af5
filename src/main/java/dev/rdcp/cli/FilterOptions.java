package dev.rdcp.cli;

import dev.rdcp.posix.PathErrors;
import dev.rdcp.filter.CommandLineRules;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The copy's filter options as rsync's (-f, -F, -C, --exclude, --include and their -from files,
 * -0): their rules kept in the order given, each rule file read where its option stands.
 */
final class FilterOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** What "-" reads: the copy's standard input, shared with --files-from and settable by tests. */
    private final Supplier<StandardInput> standardInput;

    FilterOptions(Supplier<StandardInput> standardInput) {
        this.standardInput = standardInput;
    }

    /* As rsync: a rule file is read where its option stands, so -0 applies to those after it. */
    @Option(names = {"-0", "--from0"}, description = "The --files-from list, and the --exclude-from and --include-from"
            + " files after this option, are separated by NUL characters, not lines.")
    boolean from0;

    @Option(names = {"-f", "--filter"}, paramLabel = "RULE",
            description = "Add a filter rule in rsync's syntax: - + H S P R (exclude, include, hide, show, protect,"
                    + " risk) with their modifiers, ! (clear), merge FILE, dir-merge FILE.")
    void filter(String rule) {
        addRules(() -> ruleList.filter(rule, from0));
    }

    /** How many times -F was given: rsync reads its first and second alone. */
    private int filterFileOptions;

    @Option(names = "-F", description = "Read each directory's .rsync-filter (--filter=': /.rsync-filter');"
            + " twice (-FF), also leave those files out (--filter='- .rsync-filter').")
    void filterFiles(boolean on) {
        filterFileOptions++;
        if (filterFileOptions <= 2) {
            String rule = filterFileOptions == 1 ? ": /.rsync-filter" : "- .rsync-filter";
            addRules(() -> ruleList.filter(rule, false));
        }
    }

    @Option(names = {"-C", "--cvs-exclude"}, description = "Leave out what CVS ignores, after the other rules:"
            + " rsync's list, ~/.cvsignore, $CVSIGNORE and each directory's .cvsignore.")
    boolean cvsExclude;

    @Option(names = "--exclude", paramLabel = "PATTERN", description = "Exclude files matching PATTERN.")
    void exclude(String pattern) {
        addRules(() -> ruleList.exclude(pattern));
    }

    @Option(names = "--include", paramLabel = "PATTERN", description = "Do not exclude files matching PATTERN.")
    void include(String pattern) {
        addRules(() -> ruleList.include(pattern));
    }

    @Option(names = "--exclude-from", paramLabel = "FILE",
            description = "Read exclude patterns from FILE; - reads standard input.")
    void excludeFrom(Path file) {
        addRules(() -> ruleList.excludeFrom(ruleFile("--exclude-from=" + file, file, false), file.toString(),
                from0));
    }

    @Option(names = "--include-from", paramLabel = "FILE",
            description = "Read include patterns from FILE; - reads standard input.")
    void includeFrom(Path file) {
        addRules(() -> ruleList.includeFrom(ruleFile("--include-from=" + file, file, true), file.toString(),
                from0));
    }

    /**
     * A rule file's content: the file's, or for "-" standard input's ({@code reader} says who
     * read it). One that cannot be read is an I/O error (11), in rsync's words.
     */
    private byte[] ruleFile(String reader, Path file, boolean include) throws RdcpException {
        try {
            return file.toString().equals(StandardInput.NAME) ? standardInput.get().forRules(reader)
                    : Files.readAllBytes(file);
        } catch (IOException e) {
            throw new RdcpException(ExitCode.FILE_IO, "failed to open " + (include ? "include" : "exclude") + " file "
                    + file + ": " + PathErrors.reason(e));
        }
    }

    /**
     * Adds an option's rules where it stands among the rules: rule order decides. A malformed
     * rule is a usage error; a file that cannot be read ends the run with its own exit code.
     * After an unknown option nothing is read: as rsync, which reads a rule file where it parses
     * its option and stops at an unknown one, the usage error comes first (picocli reports it
     * once parsed).
     */
    private void addRules(RuleAdder adder) {
        if (!spec.commandLine().getUnmatchedArguments().isEmpty()) {
            return;
        }
        try {
            adder.add();
        } catch (IllegalArgumentException e) {
            // rsync's message names the rule, or the file and line.
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        } catch (RdcpException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        } catch (IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(),
                    new RdcpException(ExitCode.FILE_IO, e.getMessage()));
        }
    }

    @FunctionalInterface
    private interface RuleAdder {
        void add() throws IOException;
    }

    /** Where merge files are read (as rsync: from the working directory, "-" being standard input) and -C looks. */
    private final CommandLineRules.Sources ruleSources = new CommandLineRules.Sources() {
        @Override
        public byte[] read(String name, boolean include) throws RdcpException {
            return ruleFile("a merge rule (merge " + name + ")", Path.of(name), include);
        }

        @Override
        public byte[] readIfPresent(String name) {
            try {
                return Files.readAllBytes(Path.of(name));
            } catch (IOException e) {
                return null;
            }
        }

        @Override
        public String environment(String variable) {
            return System.getenv(variable);
        }
    };

    /** The rules in the order the options give them, merge files read. */
    private final CommandLineRules ruleList = new CommandLineRules(ruleSources);

    /** The rules the options give, with -C's after them. */
    List<String> rules() {
        try {
            return cvsExclude ? ruleList.rulesWithCvsExclude() : ruleList.rules();
        } catch (IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(),
                    new RdcpException(ExitCode.FILE_IO, e.getMessage()));
        }
    }

}
