package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.ExtendedOptions;
import dev.rdcp.protocol.SessionRequest;
import dev.rdcp.transfer.TransferOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** rsync's option spellings and what each turns into for the transfer. */
class RsyncOptionMappingTest {

    private static CopyCommand parsed(String... args) {
        PrintWriter discard = new PrintWriter(Writer.nullWriter());
        CommandLine commandLine = Main.commandLine(discard, discard);
        commandLine.parseArgs(args);
        return commandLine.<RdcpCommand>getCommand().copy;
    }

    private static long flags(String... args) {
        return parsed(args).transferOptions().flags();
    }

    /** Every copy (a push, a pull, a local one) asks that a file whose size changed be sent as it is at open. */
    @Test
    void everyCopyTakesTheSizeAtOpen() {
        for (String[] args : new String[][] {{"a", "h:b"}, {"h:a", "b"}, {"-a", "a", "b"}, {"-n", "a", "rdcp://h/b"}}) {
            assertTrue(parsed(args).transferOptions().receiver().extended().has(ExtendedOptions.SIZE_AT_OPEN),
                    List.of(args).toString());
        }
    }

    @Test
    void bigPIsPartialAndProgress() {
        CopyCommand command = parsed("-avP", "a", "h:b");
        assertTrue(command.transferOptions().has(SessionRequest.PARTIAL));
        assertTrue(command.progress);
        assertEquals(flags("-av", "--partial", "a", "h:b"), command.transferOptions().flags());
    }

    @Test
    void aPartialDirectoryImpliesPartialAndHidesItselfAsRsyncs() {
        TransferOptions options = parsed("-a", "--exclude=*.o", "--partial-dir=./.p/", "a", "h:b").transferOptions();
        assertEquals(flags("-a", "--exclude=*.o", "--partial", "a", "h:b") | SessionRequest.PARTIAL_DIR, options.flags());
        assertEquals(".p", options.receiver().partialDirectory().directory());
        assertEquals(List.of("- *.o", "- .p/"), options.filters().rules());
        assertEquals(flags("-a", "a", "h:b"), flags("-a", "--partial-dir=", "a", "h:b"), "an empty DIR is none");
    }

    @Test
    void rsyncPartialDirInTheEnvironmentServesPartialAlone() {
        assertEquals(".q", parsed("-a", "--partial", "a", "h:b").rules.partialDirectory(true, ".q//").directory());
        assertEquals("named", parsed("-a", "--partial-dir=named", "a", "h:b").rules.partialDirectory(true, ".q")
                .directory(), "the option wins");
        assertFalse(parsed("-a", "a", "h:b").rules.partialDirectory(false, ".q").any(), "not without --partial");
        assertFalse(parsed("-a", "--inplace", "--partial", "a", "h:b").rules.partialDirectory(true, ".q").any(),
                "as rsync, --inplace passes over it");
    }

    @Test
    void oneFileSystemCountsLikeRsyncs() {
        long plain = flags("-a", "a", "h:b");
        assertEquals(plain | SessionRequest.ONE_FILE_SYSTEM, flags("-ax", "a", "h:b"));
        assertEquals(plain | SessionRequest.ONE_FILE_SYSTEM, flags("-a", "--one-file-system", "a", "h:b"));
        long twice = plain | SessionRequest.ONE_FILE_SYSTEM | SessionRequest.ONE_FILE_SYSTEM_TWICE;
        assertEquals(twice, flags("-axx", "a", "h:b"));
        assertEquals(twice, flags("-a", "-x", "--one-file-system", "a", "h:b"));
    }

    @Test
    void mootOptionsParseAndChangeNothing() {
        long plain = flags("-av", "a", "h:b");
        assertEquals(plain, flags("-avz", "a", "h:b"));
        assertEquals(plain, flags("-av", "--compress", "--compress-level", "9", "a", "h:b"));
        assertEquals(plain, flags("-av", "--zl=3", "a", "h:b"));
        assertEquals(plain, flags("-avW", "a", "h:b"));
        for (String old : List.of("--protect-args", "--no-protect-args", "--no-s", "--no-secluded-args", "--no-old-args",
                "--no-blocking-io", "--no-z", "--no-compress")) {
            assertEquals(plain, flags("-av", old, "a", "h:b"), old);
        }
        assertEquals(flags("-av", "--out-format=%n", "a", "h:b"), flags("-av", "--log-format=%n", "a", "h:b"),
                "rsync's old name for --out-format");
        assertEquals(plain, flags("-av", "--whole-file", "a", "h:b"));
        TransferOptions options = parsed("-avzW", "a", "h:b").transferOptions();
        TransferOptions reference = parsed("-av", "a", "h:b").transferOptions();
        assertEquals(reference.chunkSize(), options.chunkSize());
        assertEquals(reference.bandwidthLimit(), options.bandwidthLimit());
    }

    /** rsync -W ignores -y: a basis file serves only the delta transfer rdcp does not have. */
    @Test
    void fuzzyChangesNothing() {
        assertEquals(flags("-av", "a", "h:b"), flags("-avyy", "--fuzzy", "a", "h:b"));
        assertTrue(parsed("-avy", "a", "h:b").moot.notes().get(0).startsWith("-y: ignored"));
    }

    @Test
    void mootOptionsSayWhyAtVerboseOnly() {
        MootOptions moot = parsed("-avzW", "--numeric-ids", "a", "h:b").moot;
        assertEquals(2, moot.notes().size(), moot.notes().toString());
        assertTrue(parsed("-av", "a", "h:b").moot.notes().isEmpty());
    }

    private static final long OWNER_AND_GROUP = SessionRequest.OWNERS | SessionRequest.GROUPS;

    /** -U is an extended flag; repeated, as rsync's, it adds --open-noatime; --munge-links is no flag at all. */
    @Test
    void atimesAreAnExtendedFlagAndTwiceOpenNoatime() {
        TransferOptions once = parsed("-aU", "a", "h:b").transferOptions();
        TransferOptions twice = parsed("-aUU", "a", "h:b").transferOptions();
        assertTrue(once.preserveAtimes());
        assertEquals(0, once.flags() & SessionRequest.OPEN_NOATIME);
        assertTrue(twice.preserveAtimes() && twice.has(SessionRequest.OPEN_NOATIME));
        assertFalse(parsed("-a", "a", "h:b").transferOptions().preserveAtimes());
        TransferOptions munging = parsed("-a", "--munge-links", "a", "h:b").transferOptions();
        assertTrue(munging.mungeLinks());
        assertEquals(flags("-a", "a", "h:b"), munging.flags());
        assertEquals(parsed("-a", "a", "h:b").transferOptions().receiver(), munging.receiver());
    }

    @Test
    void xattrsAndAclsAreRequestFlagsAndAclsImplyPerms() {
        assertEquals(SessionRequest.XATTRS, flags("-rX", "a", "h:b") & (SessionRequest.XATTRS | SessionRequest.ACLS));
        long acls = flags("-rA", "a", "h:b");
        assertTrue((acls & SessionRequest.ACLS) != 0 && (acls & SessionRequest.PRESERVE_PERMISSIONS) != 0);
        assertEquals(0, flags("-a", "a", "h:b") & (SessionRequest.XATTRS | SessionRequest.ACLS), "-a implies neither");
    }

    @Test
    void archiveImpliesOwnerAndGroup() {
        assertEquals(OWNER_AND_GROUP, flags("-a", "a", "h:b") & OWNER_AND_GROUP);
        assertEquals(0, flags("-rlpt", "a", "h:b") & OWNER_AND_GROUP);
    }

    @Test
    void ownerAndGroupTogetherPreserveThem() {
        assertEquals(OWNER_AND_GROUP, flags("-rog", "a", "h:b") & OWNER_AND_GROUP);
        assertEquals(OWNER_AND_GROUP, flags("-r", "--owner", "--group", "a", "h:b") & OWNER_AND_GROUP);
        assertEquals(flags("-a", "a", "h:b"), flags("-rlptgoD", "a", "h:b"));
    }

    /** As rsync: --usermap implies -o, --groupmap -g, and --chown whichever of the two it names. */
    @Test
    void ownerMapsImplyOwnerAndGroup() {
        assertEquals(SessionRequest.OWNERS, flags("-r", "--usermap=*:0", "a", "h:b") & OWNER_AND_GROUP);
        assertEquals(SessionRequest.GROUPS, flags("-r", "--groupmap=*:0", "a", "h:b") & OWNER_AND_GROUP);
        assertEquals(OWNER_AND_GROUP, flags("-r", "--chown=a:b", "a", "h:b") & OWNER_AND_GROUP);
        assertEquals(SessionRequest.GROUPS, flags("-r", "--chown=:b", "a", "h:b") & OWNER_AND_GROUP);
        assertEquals(SessionRequest.OWNERS, flags("-r", "--chown=a", "a", "h:b") & OWNER_AND_GROUP);
        assertEquals(new dev.rdcp.protocol.OwnerMaps("*:a", "*:b"),
                parsed("-r", "--chown=a:b", "a", "h:b").transferOptions().receiver().ownerMaps());
    }

    @Test
    void noOwnerAndNoGroupUndoArchive() {
        assertEquals(0, flags("-a", "--no-owner", "--no-group", "a", "h:b") & OWNER_AND_GROUP);
    }

    /** As rsync: -o and -g are separate (a user who is not root keeps groups with -rlptg). */
    @Test
    void ownerAndGroupAreEachTheirOwnFlag() {
        assertEquals(SessionRequest.OWNERS, flags("-ro", "a", "h:b") & OWNER_AND_GROUP);
        assertEquals(SessionRequest.GROUPS, flags("-rg", "a", "h:b") & OWNER_AND_GROUP);
        assertEquals(SessionRequest.OWNERS, flags("-a", "--no-group", "a", "h:b") & OWNER_AND_GROUP);
        assertEquals(SessionRequest.GROUPS, flags("-a", "--no-owner", "a", "h:b") & OWNER_AND_GROUP);
    }

    @Test
    void numericIdsAsksTheReceiverNotToMapNames() {
        assertEquals(0, flags("-a", "a", "h:b") & SessionRequest.NUMERIC_IDS);
        assertEquals(SessionRequest.NUMERIC_IDS, flags("-a", "--numeric-ids", "a", "h:b") & SessionRequest.NUMERIC_IDS);
    }

    /** On stderr, where a script reading -v's names on stdout does not take it for one: rsync prints no such line. */
    @Test
    void verboseRunSaysCompressionIsIgnored(@TempDir Path tmp) {
        Cli.Result result = Cli.rdcp("-avz", "/nonexistent/x", tmp.resolve("y").toString());
        assertEquals(ExitCode.PARTIAL.code(), result.exitCode(), result.toString());
        assertTrue(result.err().contains("rdcp: -z and the --compress options: ignored: RDMA moves the data uncompressed"),
                result.err());
        assertFalse(result.out().contains("compress"), result.out());
    }

    @Test
    void quietRunSaysNothingOfCompression(@TempDir Path tmp) {
        Cli.Result result = Cli.rdcp("-az", "/nonexistent/x", tmp.resolve("y").toString());
        assertEquals(ExitCode.PARTIAL.code(), result.exitCode(), result.toString());
        assertFalse(result.out().contains("compress"), result.out());
        assertFalse(result.err().contains("compress"), result.err());
    }

    @Test
    void filterRulesJoinTheExcludesInOrder() {
        TransferOptions options = parsed("-a", "--exclude", "*.o", "-f", "+ keep.o", "--filter=- *.tmp", "a", "h:b")
                .transferOptions();
        assertEquals(List.of("- *.o", "+ keep.o", "- *.tmp"), options.filters().rules());
    }

    /** As rsync: -F adds its rules where it stands, a second -F one more; -C's come after all the others. */
    @Test
    void dashFAndDashCAddRsyncsRules() {
        List<String> rules = parsed("-a", "-C", "--exclude", "x", "-FF", "-F", "--include", "y", "a", "h:b")
                .transferOptions().filters().rules();
        assertEquals(List.of("- x", ": /.rsync-filter", "- .rsync-filter", "+ y", ":C", "-p RCS"),
                rules.subList(0, 6));
        assertTrue(rules.contains("-p .bzr/"), rules::toString);
    }

    @Test
    void aFilterRuleOfNoKnownKindIsAUsageErrorInRsyncsWords() {
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> parsed("-a", "--filter", "x foo", "a", "h:b"));
        assertEquals("Unknown filter rule: x foo", e.getMessage());
    }

    @Test
    void delAndDeleteDuringAreDelete() {
        assertEquals(flags("-a", "--delete", "a", "h:b"), flags("-a", "--del", "a", "h:b"));
        assertEquals(flags("-a", "--delete", "a", "h:b"), flags("-a", "--delete-during", "a", "h:b"));
        assertTrue((flags("-a", "--del", "a", "h:b") & SessionRequest.DELETE) != 0);
    }

    @Test
    void everyMootOptionParses() {
        CopyCommand command = parsed("-a", "-B", "4096", "--zc=zstd", "--zt", "2", "--skip-compress=gz/zip",
                "--i-r", "--no-i-r", "-s", "--old-args", "--blocking-io", "--trust-sender", "--no-motd",
                "a", "h:b");
        assertEquals(flags("-a", "a", "h:b"), command.transferOptions().flags());
        assertEquals(6, command.moot.notes().size(), command.moot.notes().toString());
    }

    @Test
    void includeFromAddsIncludesWhereItStands(@TempDir Path tmp) throws IOException {
        Path includes = Files.writeString(tmp.resolve("includes"), "*.txt\n*/\n");
        TransferOptions options = parsed("-a", "--include-from", includes.toString(), "--exclude", "*", "a", "h:b")
                .transferOptions();
        assertEquals(List.of("+ *.txt", "+ */", "- *"), options.filters().rules());
    }

    /** rsync's --no-OPTION, long and short, undoes what -a implies; the last of an option and its negation counts. */
    @Test
    void noOptionUndoesWhatArchiveImplies() {
        long archive = flags("-a", "a", "h:b");
        assertEquals(0, flags("-a", "--no-perms", "a", "h:b") & SessionRequest.PRESERVE_PERMISSIONS);
        assertEquals(0, flags("-a", "--no-p", "a", "h:b") & SessionRequest.PRESERVE_PERMISSIONS);
        assertEquals(0, flags("-a", "--no-t", "a", "h:b") & SessionRequest.PRESERVE_TIMES);
        assertEquals(0, flags("-a", "--no-times", "a", "h:b") & SessionRequest.PRESERVE_TIMES);
        assertEquals(0, flags("-a", "--no-l", "a", "h:b") & SessionRequest.LINKS);
        assertEquals(0, flags("-a", "--no-r", "a", "h:b") & SessionRequest.RECURSIVE);
        assertEquals(0, flags("-a", "--no-o", "--no-g", "a", "h:b") & OWNER_AND_GROUP);
        assertEquals(archive & ~SessionRequest.PRESERVE_PERMISSIONS, flags("-a", "--no-p", "a", "h:b"));
        assertEquals(archive, flags("-a", "--no-p", "-p", "a", "h:b"), "the last one counts");
        assertEquals(archive & ~SessionRequest.PRESERVE_TIMES, flags("-t", "-a", "--no-times", "a", "h:b"));
        assertEquals(0, flags("-r", "--no-recursive", "a", "h:b") & SessionRequest.RECURSIVE);
    }

    /**
     * As rsync: --files-from implies -R, which --no-R and --no-relative take back (the last of -R
     * and its negation counts), and without -R --no-implied-dirs has nothing to leave out; the
     * names then travel as plain sources, not as a --files-from request.
     */
    @Test
    void noRelativeTakesBackWhatFilesFromImplies() {
        assertEquals(SessionRequest.FILES_FROM, flags("--files-from=l", "a", "h:b") & SessionRequest.FILES_FROM);
        assertEquals(0, flags("--files-from=l", "--no-R", "a", "h:b") & SessionRequest.FILES_FROM);
        assertEquals(0, flags("--files-from=l", "--no-relative", "a", "h:b") & SessionRequest.FILES_FROM);
        assertEquals(0, flags("-R", "--files-from=l", "--no-R", "a", "h:b") & SessionRequest.FILES_FROM);
        assertEquals(SessionRequest.FILES_FROM,
                flags("--no-R", "--files-from=l", "-R", "a", "h:b") & SessionRequest.FILES_FROM);
        assertEquals(0, flags("-R", "--no-R", "a", "h:b") & SessionRequest.FILES_FROM);
        assertTrue(parsed("--files-from=l", "--no-implied-dirs", "a", "h:b").transferOptions().receiver().extended()
                .has(ExtendedOptions.NO_IMPLIED_DIRS));
        assertFalse(parsed("--files-from=l", "--no-implied-dirs", "--no-R", "a", "h:b").transferOptions().receiver()
                .extended().has(ExtendedOptions.NO_IMPLIED_DIRS));
    }

    /** As rsync: -a is -rlptgoD; --no-D (and --drop-D) and --no-devices, --no-specials take D back. */
    @Test
    void archiveImpliesDevicesAndSpecials() {
        long nodes = SessionRequest.DEVICES | SessionRequest.SPECIALS;
        long archive = flags("-a", "a", "h:b");
        assertEquals(nodes, archive & nodes);
        assertEquals(archive, flags("-rlptgoD", "a", "h:b"));
        assertEquals(archive & ~nodes, flags("-a", "--no-D", "a", "h:b"));
        assertEquals(archive & ~nodes, flags("-a", "--drop-D", "a", "h:b"));
        assertEquals(archive & ~SessionRequest.DEVICES, flags("-a", "--no-devices", "a", "h:b"));
        assertEquals(archive & ~SessionRequest.SPECIALS, flags("-a", "--no-specials", "a", "h:b"));
        assertEquals(SessionRequest.SPECIALS, flags("--specials", "a", "h:b") & nodes);
        assertEquals(0, flags("-r", "a", "h:b") & nodes);
    }
}
