package dev.rdcp.cli;

import dev.rdcp.protocol.BackupRule;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.PartialDirectory;
import dev.rdcp.protocol.ReferenceDirectories;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.protocol.TransferLimits;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The receiver's rules that protocol 5 carries in the request: --mkpath, --existing, the size
 * limits, --max-delete, --remove-source-files and the backups; and protocol 6's --inplace,
 * --append, --append-verify, reference directories (--link-dest and its kin) and --partial-dir.
 * They are applied where the files land, so a pull's server applies them as a push's does.
 */
final class TransferRuleOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--mkpath", description = "Create the destination's missing path components.")
    boolean mkpath;

    @Option(names = {"--existing", "--ignore-non-existing"},
            description = "Skip creating files (including directories) that do not exist on the receiver yet.")
    boolean existing;

    /** As rsync: every deletion before the first file's data (extended REQUEST flag 7), not in each directory as it is reached. */
    @Option(names = "--delete-before",
            description = "Delete extraneous files from the receiver before any file is transferred, freeing their"
                    + " space first (implies --delete).")
    boolean deleteBefore;

    @Option(names = "--remove-source-files",
            description = "Remove each source file (never a directory) once the receiver has it in place.")
    boolean removeSourceFiles;

    @Option(names = {"-b", "--backup"},
            description = "Keep each file the receiver replaces or deletes under its name with the suffix added.")
    boolean backup;

    @Option(names = "--suffix", paramLabel = "SUFFIX",
            description = "The backup suffix (default: ~ without --backup-dir, none with it).")
    String suffix;

    @Option(names = "--backup-dir", paramLabel = "DIR",
            description = "Keep backups in DIR, relative to the destination, at their own relative paths (implies -b).")
    String backupDirectory;

    @Option(names = "--inplace",
            description = "Write each updated file in place, under its final name, instead of a temporary file renamed over it.")
    boolean inplace;

    @Option(names = "--append",
            description = "Append the missing tail to each shorter file the receiver has; skip files as long or longer (implies --inplace).")
    boolean append;

    @Option(names = "--append-verify",
            description = "Like --append, but the receiver's bytes are checked first and the whole file sent if they differ.")
    boolean appendVerify;

    @Option(names = "--partial-dir", paramLabel = "DIR",
            description = "Keep partially received files in DIR, relative to each file's directory, and resume them"
                    + " from there (implies --partial).")
    String partialDirectory;

    @Option(names = {"-T", "--temp-dir"}, paramLabel = "DIR",
            description = "Write each received file in DIR (relative to the destination directory) and move it into"
                    + " place from there.")
    String tempDirectory;

    @Option(names = "--delay-updates",
            description = "Keep each updated file in a holding directory (.~tmp~, or --partial-dir) until the end,"
                    + " then rename them all into place.")
    boolean delayUpdates;

    @Option(names = "--compare-dest", paramLabel = "DIR",
            description = "Also compare destination files relative to DIR: an unchanged file there is not sent.")
    List<String> compareDest = new ArrayList<>();

    @Option(names = "--copy-dest", paramLabel = "DIR",
            description = "As --compare-dest, but an unchanged file there is copied locally into the destination.")
    List<String> copyDest = new ArrayList<>();

    @Option(names = "--link-dest", paramLabel = "DIR",
            description = "As --compare-dest, but an unchanged file there is hard-linked into the destination.")
    List<String> linkDest = new ArrayList<>();

    private long minSize;
    private long maxSize = -1;

    @Option(names = "--min-size", paramLabel = "SIZE",
            description = "Skip files smaller than SIZE (bytes, or with a B, K, M, G, T or P suffix; KB is 1000, K 1024).")
    void minSize(String value) {
        minSize = size("--min-size", value);
    }

    @Option(names = "--max-size", paramLabel = "SIZE",
            description = "Skip files larger than SIZE (as --min-size; a trailing +1 or -1 adds or takes one byte).")
    void maxSize(String value) {
        maxSize = size("--max-size", value);
    }

    private long maxDelete = -1;
    private int modifyWindow;

    @Option(names = {"-@", "--modify-window"}, paramLabel = "NUM",
            description = "Take modification times at most NUM seconds apart as the same (negative: compare"
                    + " nanoseconds too).")
    void modifyWindow(String value) {
        long seconds;
        try {
            seconds = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--modify-window=" + value
                    + ": invalid numeric value");
        }
        if (seconds < Integer.MIN_VALUE || seconds > Integer.MAX_VALUE) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--modify-window=" + value
                    + ": number too large or too small");
        }
        // As rsync: any negative window compares nanoseconds.
        modifyWindow = (int) Math.max(-1, seconds);
    }

    /** --modify-window's seconds: 0 for whole seconds, -1 for nanoseconds. */
    int modifyWindow() {
        return modifyWindow;
    }

    @Option(names = "--max-delete", paramLabel = "NUM",
            description = "Delete at most NUM files or directories; 0 (or a negative number) deletes none. "
                    + "Deletions the limit stops are counted and end the run with exit code 25.")
    void maxDelete(String value) {
        try {
            // As rsync: a negative limit means no deletions at all.
            maxDelete = Math.max(0, Long.parseLong(value));
        } catch (NumberFormatException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--max-delete=" + value
                    + ": invalid numeric value");
        }
    }

    private long size(String option, String value) {
        try {
            return RsyncSize.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + "=" + value + " is " + e.getMessage());
        }
    }

    /** The request flags these options set. */
    long flags() {
        return (mkpath ? SessionRequest.MKPATH : 0) | (existing ? SessionRequest.EXISTING : 0)
                | (deleteBefore ? SessionRequest.DELETE : 0)
                | (removeSourceFiles ? SessionRequest.REMOVE_SOURCE_FILES : 0)
                | (backup || backupDirectory != null ? SessionRequest.BACKUP : 0)
                | (inplace || append || appendVerify ? SessionRequest.INPLACE : 0)
                | (append || appendVerify ? SessionRequest.APPEND : 0)
                | (appendVerify ? SessionRequest.APPEND_VERIFY : 0)
                | (delayUpdates ? SessionRequest.DELAY_UPDATES : 0);
    }

    /**
     * Where partial files are kept: --partial-dir, or with --partial alone {@code fromEnvironment}
     * (rsync's RSYNC_PARTIAL_DIR, null when unset). As rsync, an empty DIR is none, and --inplace
     * and --append conflict with it.
     */
    PartialDirectory partialDirectory(boolean partial, String fromEnvironment) {
        if (delayUpdates && (inplace || append || appendVerify)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--" + (inplace ? "inplace" : "append")
                    + " cannot be used with --delay-updates");
        }
        boolean named = partialDirectory != null && !partialDirectory.isEmpty();
        String directory = named ? partialDirectory : partial ? fromEnvironment : null;
        if (directory == null || directory.isEmpty() || (!named && inplace)) {
            return PartialDirectory.NONE;
        }
        if (inplace || append || appendVerify) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--" + (inplace ? "inplace" : "append")
                    + " cannot be used with --partial-dir");
        }
        if (directory.startsWith("/")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--partial-dir=" + directory
                    + ": rdcp keeps partial files beneath each file's directory, so DIR must be relative");
        }
        try {
            return new PartialDirectory(FilesFrom.clean(directory).replaceFirst("/+$", ""));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--partial-dir: " + e.getMessage());
        }
    }

    /**
     * The extended options these options give: --temp-dir's directory (as rsync, an empty DIR is
     * none) and --delete-before.
     */
    ExtendedOptions extended() {
        ExtendedOptions extended = ExtendedOptions.NONE.with(ExtendedOptions.DELETE_BEFORE, deleteBefore);
        return tempDirectory == null ? extended : extended.withTempDirectory(tempDirectory);
    }

    /** Where -b keeps what the receiver replaces or deletes; as rsync, the suffix is ~ unless there is a directory. */
    BackupRule backup() {
        // As rsync: a suffix with a slash is a usage error even where -b is not given.
        if (suffix != null && suffix.contains("/")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--suffix cannot contain slashes: " + suffix);
        }
        if (!backup && backupDirectory == null) {
            return BackupRule.NONE;
        }
        String directory = backupDirectory == null ? "" : backupDirectory.replaceAll("/+$", "");
        try {
            return new BackupRule(suffix != null ? suffix : directory.isEmpty() ? "~" : "", directory);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--backup-dir: " + e.getMessage());
        }
    }

    /** The --link-dest, --compare-dest or --copy-dest directories: one kind, at most 20, as rsync. */
    ReferenceDirectories references() {
        List<ReferenceDirectories.Kind> kinds = new ArrayList<>();
        List<String> directories = new ArrayList<>();
        for (ReferenceDirectories.Kind kind : ReferenceDirectories.Kind.values()) {
            List<String> named = switch (kind) {
                case NONE -> List.of();
                case COMPARE -> compareDest;
                case COPY -> copyDest;
                case LINK -> linkDest;
            };
            if (!named.isEmpty()) {
                kinds.add(kind);
                directories.addAll(named);
            }
        }
        if (kinds.isEmpty()) {
            return ReferenceDirectories.NONE;
        }
        if (kinds.size() > 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "the " + kinds.get(1).option()
                    + " option conflicts with the " + kinds.get(0).option() + " option");
        }
        if (directories.size() > ReferenceDirectories.MAX_DIRECTORIES) {
            throw new CommandLine.ParameterException(spec.commandLine(), "at most "
                    + ReferenceDirectories.MAX_DIRECTORIES + " " + kinds.get(0).option() + " args may be specified");
        }
        try {
            return new ReferenceDirectories(kinds.get(0), directories);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), kinds.get(0).option() + ": " + e.getMessage());
        }
    }

    TransferLimits limits() {
        return new TransferLimits(minSize, maxSize, maxDelete);
    }
}
