package dev.rdcp.cli;

import dev.rdcp.posix.PathErrors;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.ModuleList;
import dev.rdcp.protocol.OwnerMaps;
import dev.rdcp.protocol.PartialDirectory;
import dev.rdcp.protocol.PeerText;
import dev.rdcp.protocol.RdcpException;
import dev.rdcp.protocol.ReceiverSettings;
import dev.rdcp.session.SessionConfig;
import dev.rdcp.session.TransportChoice;
import dev.rdcp.filter.FilterRules;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transfer.FileNames;
import dev.rdcp.transfer.MungedLinks;
import dev.rdcp.transfer.OwnerMap;
import dev.rdcp.transfer.SourceOperand;
import dev.rdcp.transfer.StopRequest;
import dev.rdcp.transfer.TransferListener;
import dev.rdcp.transfer.TransferOptions;
import dev.rdcp.transfer.TransferReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rdcp [OPTIONS] SRC... DEST}: copy files to or from another host. rsync's syntax names no
 * subcommand for a copy, so this is a mixin of the root command, which runs it when no
 * subcommand is given; its options are the root's options.
 */
final class CopyCommand {

    private static final Logger LOG = LogManager.getLogger(CopyCommand.class);
    private static final String BOTH_REMOTE = "copy between two remote hosts is not supported: one side must be local";

    @Mixin
    MootOptions moot;

    @Mixin
    TransferRuleOptions rules;

    @Mixin
    LinkOptions linkOptions;

    @Mixin
    ReceiverOptions receiver;

    @Mixin
    OwnershipOptions ownership;

    @Mixin
    FilterOptions filters = new FilterOptions(() -> this.standardInput);

    @Parameters(paramLabel = "SRC... DEST", arity = "0..*", description = "Sources, then the destination.")
    List<String> operands = new ArrayList<>();

    @Option(names = {"-a", "--archive"}, description = "Archive mode: -rlptgoD (owner and group take effect where the receiver runs as root or, for the group, is a member).")
    boolean archive;

    /* -r, -l, -t, -p: null unless given, so that -a implies them and --no-OPTION undoes them. */
    @Option(names = {"-r", "--recursive"}, negatable = true, description = "Copy directories recursively.")
    Boolean recursive;

    @Option(names = {"-l", "--links"}, negatable = true, description = "Copy symlinks as symlinks.")
    Boolean links;

    @Option(names = {"-t", "--times"}, negatable = true, description = "Preserve modification times.")
    Boolean times;

    @Option(names = {"-p", "--perms"}, negatable = true, description = "Preserve permissions.")
    Boolean perms;

    /* rsync's --no-OPTION of a short option is its long option's negation; the last one given counts. */
    @Option(names = "--no-r", hidden = true)
    void noR(boolean on) {
        recursive = false;
    }

    @Option(names = "--no-l", hidden = true)
    void noL(boolean on) {
        links = false;
    }

    @Option(names = "--no-t", hidden = true)
    void noT(boolean on) {
        times = false;
    }

    @Option(names = "--no-p", hidden = true)
    void noP(boolean on) {
        perms = false;
    }

    @Option(names = {"-c", "--checksum"}, description = "Skip files by content, not by size and modification time.")
    boolean checksum;

    @Option(names = "--size-only", description = "Skip files whose size matches.")
    boolean sizeOnly;

    @Option(names = "--ignore-missing-args", description = "Leave out a source (or --files-from name) that does not exist, silently.")
    boolean ignoreMissingArgs;

    @Option(names = {"-I", "--ignore-times"}, description = "Do not skip files whose size and time match.")
    boolean ignoreTimes;

    @Option(names = {"-O", "--omit-dir-times"}, description = "Leave directories' times out of -t.")
    boolean omitDirTimes;

    @Option(names = {"-J", "--omit-link-times"}, description = "Leave symlinks' times out of -t.")
    boolean omitLinkTimes;

    @Option(names = "--ignore-existing", description = "Skip files that exist on the receiver.")
    boolean ignoreExisting;

    @Option(names = {"-u", "--update"}, description = "Skip files that are newer on the receiver.")
    boolean update;

    @Option(names = {"--delete", "--del", "--delete-during"}, description = "Delete receiver files that are not in the transferred directories.")
    boolean delete;

    @Option(names = {"-H", "--hard-links"}, description = "Keep hard links: send a file once, link its other names.")
    boolean hardLinks;

    @Option(names = {"-X", "--xattrs"}, description = "Preserve extended attributes (user.* unless the receiver runs as root).")
    boolean xattrs;

    @Option(names = {"-A", "--acls"}, description = "Preserve POSIX ACLs (implies -p).")
    boolean acls;

    @Option(names = {"--delete-after", "--delete-delay"},
            description = "Like --delete, but delete at the end of the transfer, after every file has arrived.")
    boolean deleteAfter;

    @Option(names = {"-d", "--dirs"},
            description = "Copy directories without recursing: a name ending in '/' (or '.') has its contents copied, one level.")
    boolean dirs;

    /** Repeated (-UU), as rsync: --open-noatime too. */
    @Option(names = {"-U", "--atimes"},
            description = "Give files and symlinks the sender's access times (not directories); -UU adds --open-noatime.")
    boolean[] atimes = new boolean[0];

    @Option(names = "--open-noatime",
            description = "Read files and directories without changing their access times (O_NOATIME: only their owner or root may).")
    boolean openNoAtime;

    @Option(names = {"-m", "--prune-empty-dirs"},
            description = "Leave out directories that hold no file, symlink or device (after the filters).")
    boolean pruneEmptyDirs;

    /* Null unless given: --files-from implies it, and --no-R (--no-relative) undoes that, as in rsync. */
    @Option(names = {"-R", "--relative"}, negatable = true,
            description = "Keep each source's path below the destination; '/./' in a source marks where the kept part"
                    + " starts. --files-from implies it; with --no-relative each listed name arrives as its last"
                    + " component.")
    Boolean relative;

    @Option(names = "--no-R", hidden = true)
    void noRelative(boolean on) {
        relative = false;
    }

    @Option(names = "--no-implied-dirs",
            description = "With -R or --files-from: do not send the directories leading to each name; the receiver makes"
                    + " missing ones with default attributes and keeps what it has there (a symlink to a directory too).")
    boolean noImpliedDirs;

    @Option(names = {"-D"}, description = "Same as --devices --specials.")
    void devicesAndSpecials(boolean on) {
        devices = on;
        specials = on;
    }

    @Option(names = "--devices", negatable = true,
            description = "Copy character and block devices (made where the receiver runs as root; others skip them).")
    Boolean devices;

    @Option(names = "--specials", negatable = true, description = "Copy FIFOs and sockets.")
    Boolean specials;

    /* --drop-D: rsync's receiver then makes no device or special file; here the sender lists none. */
    @Option(names = {"--no-D", "--drop-D"}, description = "Same as --no-devices --no-specials.")
    void noDevicesAndSpecials(boolean on) {
        devices = false;
        specials = false;
    }

    @Option(names = "--delete-excluded", description = "Also delete what the filters exclude on the receiver (implies --delete).")
    boolean deleteExcluded;

    @Option(names = {"-n", "--dry-run"}, description = "Show what would change; change nothing, send no file data.")
    boolean dryRun;

    @Option(names = "--partial", description = "Keep partially received files and resume them on the next run.")
    boolean partial;

    @Option(names = {"-x", "--one-file-system"},
            description = "Do not cross file system boundaries when recursing: a mount point is copied as an empty"
                    + " directory; -xx leaves mount points out.")
    boolean[] oneFileSystem = new boolean[0];

    @Option(names = {"-S", "--sparse"}, description = "Turn runs of zero blocks into holes in the files received.")
    boolean sparse;

    @Option(names = "--ignore-errors",
            description = "Delete (with --delete) even in a directory the sender could not read whole.")
    boolean ignoreErrors;

    @Option(names = "-P", description = "Same as --partial --progress.")
    void partialProgress(boolean on) {
        partial = on;
        progress = on;
    }

    @Option(names = "--files-from", paramLabel = "FILE",
            description = "Copy the paths listed in FILE (relative to the one SRC directory); - reads standard input.")
    Path filesFrom;

    @Option(names = "--bwlimit", paramLabel = "RATE", converter = BandwidthConverter.class,
            description = "Limit the data rate: KiB/s, or with a K, M or G suffix.")
    long bandwidthLimit;

    @Option(names = "--info", paramLabel = "FLAGS",
            description = "rsync's output levels, e.g. progress2 (one progress line for the whole transfer), name0 (no"
                    + " list of names), stats2; --info=help lists them.")
    void info(String words) {
        infoWords.add(words);
    }

    @Option(names = "--progress", description = "List names as -v does, with each file's progress under its name.")
    boolean progress;

    @Option(names = "--stats", description = "Print rsync's statistics block at the end.")
    boolean stats;

    @Option(names = "--json", description = "Print one JSON summary object on stdout, and nothing else there.")
    boolean json;

    @Option(names = "--chunk-size", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Bytes per RDMA WRITE, a multiple of 4K (default: 1M).")
    int chunkSize = TransferOptions.DEFAULT_CHUNK;

    @Option(names = "--transport", paramLabel = "auto|rdma|tcp", defaultValue = "auto",
            description = "What carries the data: RDMA, TCP, or (auto, the default) RDMA where both sides have a "
                    + "usable device, else TCP with a warning saying why (a missing --device is an error).")
    String transport;

    @Option(names = "--contimeout", paramLabel = "SECONDS",
            description = "How long connecting to the daemon (or to the rdcp ssh started) may take; past it, exit 35. "
                    + "0: no limit (default: 10).")
    Integer contimeout;

    @Option(names = "--port", paramLabel = "N", converter = PortConverter.class,
            description = "Daemon port (default: 7471).")
    int port = Location.defaultPort();

    @Option(names = "--secret-file", paramLabel = "FILE", description = "Shared secret for a daemon that requires one.")
    Path secretFile;

    @Option(names = {"-M", "--remote-option"}, paramLabel = "OPTION",
            description = "Give the rdcp a remote shell starts OPTION (repeat for several): " + RemoteOptions.TAKEN + ".")
    List<String> remoteOptions = new ArrayList<>();

    @Mixin
    RemoteShellOptions remoteShell;

    @Mixin
    NetworkOptions network;

    @Mixin
    StopOptions stop;

    @Mixin
    StderrOption stderr;

    @Mixin
    EightBitOption eightBit;

    @Mixin
    OutputOptions output;

    /** As rsync: -h is --human-readable; only "rdcp -h", with no operands, shows the help. */
    @Option(names = {"-h", "--human-readable"},
            description = "Sizes in --progress, --stats and -v's closing lines with units: -h K=1000, -hh K=1024.")
    boolean[] humanReadable = new boolean[0];

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    private LoggingOptions logging;
    private RdmaOptions rdma;

    /** What "-" reads in --exclude-from, --include-from and --files-from. */
    StandardInput standardInput = new StandardInput(System.in);
    /** The --info values, applied in order over what -v, --progress and --stats set. */
    private final List<String> infoWords = new ArrayList<>();
    private InfoLevels info;
    /** --info=symsafe (-v): the receiver's notes on unsafe symlinks left out are shown. */
    private boolean symlinkNotes;

    /**
     * Runs the copy the operands and options ask for, with the options it shares with the server
     * mode; at --stop-after's or --stop-at's limit, its session stops as an interrupted one does.
     */
    int run(LoggingOptions logging, RdmaOptions rdma) throws IOException, InterruptedException {
        this.logging = logging;
        this.rdma = rdma;
        try (RunTimeLimit limit = stop.start(StopRequest::requestAtLimit)) {
            return copy();
        }
    }

    private int copy() throws IOException, InterruptedException {
        eightBit.apply(spec.commandLine());
        PrintWriter out = spec.commandLine().getOut();
        // Where rsync's messages go: stdout, or stderr with --stderr=all (not --json's summary, a result).
        PrintWriter messages = stderr.messages();
        info = new InfoLevels(logging.isVerbose(), progress, stats);
        try {
            if (logging.verbosity() >= 2) {
                // What rsync's -vv adds, before the --info words as there.
                info.apply("backup,misc2,mount,name2,remove,skip");
            }
            for (String words : infoWords) {
                if (InfoLevels.asksForHelp(words)) {
                    out.print(InfoLevels.help());
                    out.flush();
                    return ExitCode.OK.code();
                }
                info.apply(words);
            }
            symlinkNotes = info.level(InfoLevels.Flag.SYMSAFE) >= 1;
            output.check(json ? 0 : info.level(InfoLevels.Flag.NAME), symlinkNotes);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        if (operands.isEmpty()) {
            // "rdcp -h": -h on its own asks for the help, as in rsync; with nothing at all it is a
            // usage error there (1), the help printed all the same, on stderr as rsync's: a script
            // that lost its operands gets no help text in what it reads from stdout.
            boolean asked = humanReadable.length > 0;
            spec.commandLine().usage(asked ? out : spec.commandLine().getErr());
            return asked ? ExitCode.OK.code() : ExitCode.USAGE.code();
        }
        for (String operand : operands) {
            // The JVM decodes arguments as UTF-8 and replaces the bytes it cannot decode: such a
            // name would silently become another, and the copy land where nobody named.
            if (operand.indexOf('\uFFFD') >= 0) {
                throw usage("an operand is not valid UTF-8, which is how rdcp reads names: "
                        + PeerText.printable(operand) + " (a tree with such names is copied whole when named by its directory)");
            }
        }
        if (output.listOnly || operands.size() == 1) {
            return listOnly(messages);
        }
        if (contimeout != null && contimeout < 0) {
            throw usage("--contimeout must be 0 (no limit) or more seconds, not " + contimeout);
        }
        RemoteOptions.problem(remoteOptions).ifPresent(problem -> {
            throw usage(problem);
        });
        if (receiver.fakeSuper() && acls) {
            throw usage("--fake-super with -A: not yet: rsync keeps the ACLs in user.rsync.%aacl and"
                    + " user.rsync.%dacl there, which rdcp neither writes nor reads");
        }
        if (rules.deleteBefore && deleteAfter) {
            throw usage("You may not combine multiple --delete-WHEN options.");
        }
        if ((delete || deleteExcluded || deleteAfter || rules.deleteBefore)
                && !(recursive() || dirs())) {
            throw usage("--delete does not work without --recursive (-r) or --dirs (-d).");
        }
        if (linkOptions.mungeLinks && MungedLinks.unsafeUnder(Path.of("/"))) {
            throw new RdcpException(ExitCode.UNSUPPORTED, "Symlink munging is unsafe when a /rsyncd-munged directory exists.");
        }
        LOG.debug("command line parsed");
        transportChoice();
        TransferOptions options = transferOptions();
        if (info.level(InfoLevels.Flag.MISC) >= 1 && !json) {
            // On stderr: rsync prints no such line, and a script reading -v's names must not take one for a name.
            PrintWriter err = spec.commandLine().getErr();
            moot.notes().forEach(note -> err.println("rdcp: " + note));
            err.flush();
        }
        List<Location> sources = new ArrayList<>();
        for (String operand : operands.subList(0, operands.size() - 1)) {
            sources.add(parse(operand));
        }
        Location destination = parse(operands.get(operands.size() - 1));

        PrintWriter display = json ? new PrintWriter(Writer.nullWriter()) : messages;
        TransferReport report = new TransferReport();
        // As rsync: redrawn in place, unless -v's names come between the updates.
        OverallProgressPrinter overall = info.level(InfoLevels.Flag.PROGRESS) >= 2
                ? new OverallProgressPrinter(display, info.level(InfoLevels.Flag.NAME) == 0, sizeFormat())
                : null;
        // As rsync, a copy with both ends on this host: this process sends, a server in it receives.
        boolean local = !destination.isRemote() && sources.stream().noneMatch(Location::isRemote);
        boolean push = destination.isRemote() || local;
        // The receiving side tells its backups (extended flag INFO_BACKUP): a pull's here, a server's in reports.
        TransferListener backups = options.receiver().extended().has(ExtendedOptions.INFO_BACKUP)
                ? backupLines(display) : TransferListener.NONE;
        // The lines on stdout first: what they hold goes out before a failure, or the progress of a file, is shown.
        TransferListener listener = TransferListener.all(report,
                output.listener(display, spec.commandLine().getErr(), push, local, logging.isQuiet(),
                        info.level(InfoLevels.Flag.PROGRESS) == 1, backups), display(display, overall));
        if (info.level(InfoLevels.Flag.FLIST) >= 1 && !logging.isQuiet()) {
            display.println(listHeader(push));
            display.flush();
        }
        try {
            if (push) {
                push(sources, destination, options, listener);
            } else {
                pull(sources, destination, options, listener);
            }
        } finally {
            // What waited for a file to start goes out, also before the error that ended the transfer.
            output.release();
        }
        report.finish();
        output.finish(report);
        if (overall != null) {
            overall.finish();
        }
        summarize(out, display, report);
        return report.exitCode();
    }

    /**
     * rsync's first line under -v: it says "incremental" where it recurses as it goes, and
     * otherwise builds (or receives) the whole list first, as without -r and with the options
     * that need it whole (--files-from, --delete-after, --delete-before, --delay-updates, -m).
     */
    private String listHeader(boolean push) {
        boolean incremental = recursive() && !deleteAfter && !rules.deleteBefore && filesFrom == null
                && !rules.delayUpdates && !pruneEmptyDirs;
        if (incremental) {
            return push ? "sending incremental file list" : "receiving incremental file list";
        }
        return push ? "building file list ... done" : "receiving file list ... done";
    }

    /**
     * --list-only, or a lone SRC: lists the sources (all operands but a last one, which rsync
     * takes for a destination and ignores) as rsync does: a dry run into an empty directory,
     * a local copy's for local sources and a pull's for remote ones, itemizing every entry.
     */
    private int listOnly(PrintWriter out) throws IOException, InterruptedException {
        List<Location> sources = new ArrayList<>();
        for (String operand : operands.size() == 1 ? operands : operands.subList(0, operands.size() - 1)) {
            sources.add(parse(operand));
        }
        // As rsync: with two operands or more the last is a destination, even for --list-only.
        if (operands.size() > 1 && parse(operands.get(operands.size() - 1)).isRemote()
                && sources.stream().anyMatch(Location::isRemote)) {
            throw usage(BOTH_REMOTE);
        }
        boolean deep = recursive();
        if (sources.size() == 1 && sources.get(0).namesNoModule()) {
            ModuleList[] listed = new ModuleList[1];
            // A module list is the server's answer alone: no transfer, so no device to open.
            withServer(sources.get(0), TransportChoice.TCP, session -> listed[0] = session.modules(transferOptions()));
            if (!listed[0].singleDirectory()) {
                // rsync's format, which scripts read: the name padded to 15, a tab, the comment.
                listed[0].modules().forEach(module -> out.printf("%-15s\t%s%n", PeerText.printable(module.name()),
                        PeerText.printable(module.comment())));
                return ExitCode.OK.code();
            }
        }
        boolean local = sources.stream().noneMatch(Location::isRemote);
        TransferOptions asked = transferOptions();
        long flags = (asked.flags() & ~(SessionRequest.DELETE | SessionRequest.DELETE_AFTER | SessionRequest.PARTIAL
                | SessionRequest.PARTIAL_DIR))
                | SessionRequest.DRY_RUN | SessionRequest.ITEMIZE | SessionRequest.ITEMIZE_UNCHANGED | SessionRequest.LINKS
                | SessionRequest.DEVICES | SessionRequest.SPECIALS | (deep ? 0 : SessionRequest.DIRS);
        TransferOptions listing = new TransferOptions(asked.chunkSize(), asked.slots(), flags, asked.bandwidthLimit(),
                asked.filters(), ReceiverSettings.NONE.withExtended(ExtendedOptions.NONE.with(ExtendedOptions.LIST_ONLY, true)),
                asked.chmod(), asked.noSuper());
        ListingCollector collector = new ListingCollector(implied(links));
        TransferReport report = new TransferReport();
        Path empty = Files.createTempDirectory("rdcp-list-only");
        TransferListener listener = TransferListener.all(report, collector,
                display(new PrintWriter(Writer.nullWriter()), null));
        try {
            // As rsync's, the listing is the sender's list: the filters, -R, --files-from and -L apply.
            if (local) {
                push(sources, Location.parse(empty + "/", port), listing, listener);
            } else {
                pull(sources, Location.parse(empty + "/", port), listing, listener);
            }
        } finally {
            Files.deleteIfExists(empty);
        }
        collector.listing().print(out, sizeFormat());
        return report.exitCode();
    }

    private TransportChoice transportChoice() {
        return switch (transport) {
            case "auto" -> TransportChoice.AUTO;
            case "rdma" -> TransportChoice.RDMA;
            case "tcp" -> TransportChoice.TCP;
            default -> throw usage("--transport must be auto, rdma or tcp, not '" + transport + "'");
        };
    }

    /** The transfer the options ask for; package-private for the tests of the option mapping. */
    TransferOptions transferOptions() {
        // As rsync: with --files-from, -a does not imply -r.
        long flags = (recursive() ? SessionRequest.RECURSIVE : 0)
                | (implied(links) ? SessionRequest.LINKS : 0)
                | (implied(times) ? SessionRequest.PRESERVE_TIMES : 0)
                | (implied(perms) ? SessionRequest.PRESERVE_PERMISSIONS : 0)
                | ownership.flags(archive)
                | (checksum ? SessionRequest.CHECKSUM : 0)
                | (sizeOnly ? SessionRequest.SIZE_ONLY : 0)
                | (ignoreTimes ? SessionRequest.IGNORE_TIMES : 0)
                | (ignoreMissingArgs ? SessionRequest.IGNORE_MISSING_ARGS : 0)
                | (omitDirTimes ? SessionRequest.OMIT_DIR_TIMES : 0)
                | (omitLinkTimes ? SessionRequest.OMIT_LINK_TIMES : 0)
                | (ignoreExisting ? SessionRequest.IGNORE_EXISTING : 0)
                | (update ? SessionRequest.UPDATE : 0)
                | (delete || deleteExcluded || deleteAfter ? SessionRequest.DELETE : 0)
                | (deleteAfter ? SessionRequest.DELETE_AFTER : 0)
                | (dirs() ? SessionRequest.DIRS : 0)
                | (pruneEmptyDirs ? SessionRequest.PRUNE_EMPTY_DIRS : 0)
                | (openNoAtime || atimes.length > 1 ? SessionRequest.OPEN_NOATIME : 0)
                | (implied(devices) ? SessionRequest.DEVICES : 0)
                | (implied(specials) ? SessionRequest.SPECIALS : 0)
                | (deleteExcluded ? SessionRequest.DELETE_EXCLUDED : 0)
                | (hardLinks ? SessionRequest.HARD_LINKS : 0)
                | (xattrs ? SessionRequest.XATTRS : 0)
                | (acls ? SessionRequest.ACLS | SessionRequest.PRESERVE_PERMISSIONS : 0)
                | (dryRun ? SessionRequest.DRY_RUN : 0)
                | (partial ? SessionRequest.PARTIAL : 0)
                | (oneFileSystem.length > 0 ? SessionRequest.ONE_FILE_SYSTEM : 0)
                | (oneFileSystem.length > 1 ? SessionRequest.ONE_FILE_SYSTEM_TWICE : 0)
                | (ignoreErrors ? SessionRequest.IGNORE_ERRORS : 0)
                | (sparse ? SessionRequest.SPARSE : 0)
                | (relativePaths() ? SessionRequest.FILES_FROM : 0)
                | output.requestFlags()
                | linkOptions.flags()
                | rules.flags()
                | receiver.flags();
        PartialDirectory partialDirectory = rules.partialDirectory(partial, System.getenv("RSYNC_PARTIAL_DIR"));
        List<String> allRules = filters.rules();
        if (partialDirectory.any()) {
            flags |= SessionRequest.PARTIAL | SessionRequest.PARTIAL_DIR;
        }
        String ownDirectory = partialDirectory.any() ? partialDirectory.directory() : rules.delayUpdates ? ".~tmp~" : null;
        if (ownDirectory != null) {
            // As rsync: the partial or holding directories are neither sent nor deleted.
            allRules = new ArrayList<>(allRules);
            allRules.add("- " + ownDirectory + "/");
        }
        try {
            ExtendedOptions extended = receiver.extended(rules.extended().with(ExtendedOptions.NO_IMPLIED_DIRS,
                            noImpliedDirs && relativePaths())
                    .with(ExtendedOptions.ATIMES, atimes.length > 0)
                    .with(ExtendedOptions.INFO_BACKUP, backupsShown(flags))
                    .with(ExtendedOptions.RECEIVER_COUNTS, receiverCountsShown())
                    .with(ExtendedOptions.SIZE_AT_OPEN, true));
            // As rsync's default --delete-during: each directory's deletions before its files.
            extended = extended.with(ExtendedOptions.DELETE_DURING,
                    ReceiverSettings.deletesDuring(flags, rules.limits(), extended));
            return new TransferOptions(chunkSize, TransferOptions.DEFAULT_SLOTS, flags, bandwidthLimit,
                    FilterRules.parse(allRules, deleteExcluded), new ReceiverSettings(rules.limits(), rules.backup(),
                            rules.references(), ownership.maps(), partialDirectory, rules.modifyWindow(), extended),
                    receiver.chmod(), receiver.noSuper(), linkOptions.mungeLinks);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /**
     * --info=backup (or -vv) with -b: rsync's lines of the backups the receiving side makes, which
     * a server tells in reports; not with -q or --json, which show none.
     */
    private boolean backupsShown(long flags) {
        return (flags & SessionRequest.BACKUP) != 0 && info != null && info.level(InfoLevels.Flag.BACKUP) >= 1
                && !logging.isQuiet() && !json;
    }

    /**
     * --stats (--info=stats2) or --json: the created and deleted counts by kind, which on a push
     * the receiving side tells in its END; not with -q, which shows no --stats block.
     */
    private boolean receiverCountsShown() {
        return json || info != null && info.level(InfoLevels.Flag.STATS) >= 2 && !logging.isQuiet();
    }

    private void summarize(PrintWriter out, PrintWriter display, TransferReport report) {
        if (json) {
            out.println(JsonSummary.toJson(report.summary(dryRun), report.transport()));
        } else if (!logging.isQuiet()) {
            if (info.level(InfoLevels.Flag.STATS) >= 2) {
                StatsPrinter.print(report.summary(dryRun), sizeFormat(), display);
            }
            if (info.level(InfoLevels.Flag.STATS) >= 1) {
                ClosingLines.print(report.summary(dryRun), sizeFormat(), display);
            }
        }
        out.flush();
        display.flush();
    }

    /** As rsync: --files-from implies -d. */
    private boolean dirs() {
        return dirs || filesFrom != null;
    }

    /** An option -a implies: as given (its --no-OPTION included), else as -a says. */
    private boolean implied(Boolean option) {
        return option != null ? option : archive;
    }

    /** rsync's relative_paths: -R, implied by --files-from and undone by --no-R. */
    private boolean relativePaths() {
        return relative != null ? relative : filesFrom != null;
    }

    /** -r, implied by -a but (as rsync) not with --files-from; undone by --no-recursive. */
    private boolean recursive() {
        return recursive != null ? recursive : archive && filesFrom == null;
    }

    private SizeFormat sizeFormat() {
        return SizeFormat.ofHumanReadable(humanReadable.length);
    }

    private Location parse(String operand) {
        try {
            return Location.parse(operand, port);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** --info=backup: rsync's line for each backup the receiving side makes. */
    private static TransferListener backupLines(PrintWriter display) {
        return new TransferListener() {
            @Override
            public void backedUp(byte[] name, byte[] backupName) {
                display.println("backed up " + FileNames.display(name) + " to " + FileNames.display(backupName));
                display.flush();
            }
        };
    }

    /** What the user sees while it runs: errors on stderr, and the display the options ask for. */
    private TransferListener display(PrintWriter out, OverallProgressPrinter overall) {
        PrintWriter err = spec.commandLine().getErr();
        TransferListener names = overall != null ? overall
                : info.level(InfoLevels.Flag.PROGRESS) == 1 ? new ProgressPrinter(out, System.console() != null,
                        sizeFormat())
                : TransferListener.NONE;
        TransferListener errors = new TransferListener() {
            @Override
            public void transportChosen(String transport, String fallbackReason) {
                if (!fallbackReason.isEmpty()) {
                    err.println("rdcp: warning: copying over TCP: " + fallbackReason);
                    err.flush();
                }
            }

            @Override
            public void fileFailed(int exitCode, String message) {
                if (exitCode != ExitCode.OK.code()) {
                    err.println("rdcp: " + message);
                    err.flush();
                } else if (!logging.isQuiet() && !output.holdsNotes() && OutputOptions.shown(message, symlinkNotes)) {
                    // Notes such as "IO error encountered -- skipping file deletion": rsync prints them unless -q.
                    out.println(message);
                    out.flush();
                }
            }
        };
        return TransferListener.all(names, errors);
    }

    private void push(List<Location> sources, Location destination, TransferOptions options,
            TransferListener listener) throws IOException, InterruptedException {
        if (sources.stream().anyMatch(Location::isRemote)) {
            throw usage(BOTH_REMOTE);
        }
        List<SourceOperand> operands = new ArrayList<>();
        if (filesFrom != null && relativePaths()) {
            Path base = Path.of(singleSource(sources).path());
            for (String listed : listedPaths()) {
                operands.add(SourceOperand.listed(base, listed));
            }
        } else if (filesFrom != null) {
            String base = singleSource(sources).path();
            for (String listed : listedPaths()) {
                operands.add(SourceOperand.parse(FilesFrom.beneath(base, listed)));
            }
        } else if (relativePaths()) {
            for (Location source : sources) {
                RelativeSource split = relativeSource(source.path());
                operands.add(SourceOperand.relative(Path.of(split.base()), split.kept()));
            }
        } else {
            sources.forEach(l -> operands.add(SourceOperand.parse(l.path())));
        }
        // As rsync's receiver: with nothing to list, only a DEST named with a trailing slash is a directory to make.
        boolean nothingListed = !relativePaths() && !options.has(SessionRequest.DELETE_MISSING_ARGS)
                && operands.stream().allMatch(o -> whyUnsendable(o.path()) != null);
        boolean intoDirectory = destination.namesDirectory() || (!nothingListed && (operands.size() > 1
                || relativePaths() || ((options.has(SessionRequest.RECURSIVE)
                        || (options.has(SessionRequest.DIRS) && operands.stream().anyMatch(SourceOperand::contents)))
                        && operands.stream().anyMatch(o -> Files.isDirectory(o.path())))));
        withServer(destination, session -> session.push(operands, destination.path(), intoDirectory, options,
                listener));
    }

    /** Why a source operand cannot be looked at, in the sender's words (a directory on the way that is not one, say); null if it can. */
    private static String whyUnsendable(Path operand) {
        try {
            Files.readAttributes(operand, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return null;
        } catch (NoSuchFileException e) {
            return "no such file or directory";
        } catch (IOException e) {
            return PathErrors.reason(e);
        }
    }

    /** As rsync's receiver: a map's rule whose TO this host does not know is dropped, with a warning. */
    private void warnOfUnknownTargets(OwnerMaps maps) {
        PrintWriter err = spec.commandLine().getErr();
        OwnerMap.unknownTargets("--usermap", maps.usermap(), true).forEach(err::println);
        OwnerMap.unknownTargets("--groupmap", maps.groupmap(), false).forEach(err::println);
        err.flush();
    }

    private void pull(List<Location> sources, Location destination, TransferOptions options,
            TransferListener listener) throws IOException, InterruptedException {
        Location remote = sources.stream().filter(Location::isRemote).findFirst().orElseThrow();
        if (!sources.stream().allMatch(remote::sameRemote)) {
            throw usage("all sources must be on the same remote host, or all on this one");
        }
        warnOfUnknownTargets(options.receiver().ownerMaps());
        List<String> paths = new ArrayList<>();
        if (filesFrom != null && relativePaths()) {
            paths.add(singleSource(sources).path());
            paths.addAll(listedPaths());
        } else if (filesFrom != null) {
            // Each name is the plain source it stands for, which the server resolves as it resolves any.
            String base = singleSource(sources).path();
            listedPaths().forEach(listed -> paths.add(FilesFrom.beneath(base, listed)));
        } else if (relativePaths()) {
            String base = null;
            for (Location source : sources) {
                RelativeSource split = relativeSource(source.path());
                if (base != null && !base.equals(split.base())) {
                    throw usage("-R: a pull's sources must share the part before '/./' (" + base + " and "
                            + split.base() + ")");
                }
                if (base == null) {
                    base = split.base();
                    paths.add(base);
                }
                paths.add(split.kept());
            }
        } else {
            sources.forEach(l -> paths.add(l.path()));
        }
        Path target = Path.of(destination.path());
        boolean directory = destination.namesDirectory() || paths.size() > 1 || relativePaths();
        // A request names a path: an empty --no-R list asks, as -R's would, for nothing beneath the base.
        boolean noneNamed = paths.isEmpty();
        if (noneNamed) {
            paths.add(singleSource(sources).path());
        }
        TransferOptions asked = noneNamed ? options.withFlag(SessionRequest.FILES_FROM) : options;
        withServer(remote, session -> session.pull(paths, target, directory, asked, listener));
    }

    /** The paths --files-from lists, from its file or ("-") standard input, cleaned as -R or --no-R has them. */
    private List<String> listedPaths() throws IOException {
        return filesFrom.toString().equals(StandardInput.NAME)
                ? FilesFrom.read(standardInput.forFilesFrom(), StandardInput.NAME, filters.from0, relativePaths())
                : FilesFrom.read(filesFrom, filters.from0, relativePaths());
    }

    private RelativeSource relativeSource(String operand) {
        try {
            return RelativeSource.of(operand);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    private Location singleSource(List<Location> sources) {
        if (sources.size() != 1) {
            throw usage("--files-from takes exactly one SRC: the directory the listed paths are relative to");
        }
        return sources.get(0);
    }

    /** A local copy needs no RDMA device: it goes over loopback TCP unless --transport asks for RDMA. */
    private void withServer(Location remote, RemoteSession.Action action) throws IOException, InterruptedException {
        withServer(remote, !remote.isRemote() && transport.equals("auto") ? TransportChoice.TCP : transportChoice(),
                action);
    }

    private void withServer(Location remote, TransportChoice transport, RemoteSession.Action action)
            throws IOException, InterruptedException {
        if (!remoteOptions.isEmpty() && remote.kind() != Location.Kind.SSH) {
            throw usage("-M/--remote-option is for the rdcp a remote shell starts (HOST:PATH); a daemon takes no"
                    + " options from its clients, and a local copy has no remote side");
        }
        SessionConfig base = rdma.sessionConfig();
        SessionConfig config = new SessionConfig(base.rdma(), base.timeoutSeconds(), transport);
        new RemoteSession(config, secretFile, network.shell(remoteShell.shell()), remoteShell.rdcpPath,
                remoteOptions, network.connector(contimeout), receiver.noSuper())
                .run(remote, action);
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
