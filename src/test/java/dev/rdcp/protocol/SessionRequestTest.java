package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionRequestTest {

    private static final List<String> PATHS = List.of("/srv/data/file.bin", "r\u00e9pertoire/\u65e5\u672c\u8a9e.txt",
            "with space", "emoji-\ud83d\ude80");
    private static final List<String> RULES = List.of("- *.log", "+ /keep/***", "- tmp/");
    /** Direction, flags, chunk size, slots, bandwidth limit. */
    private static final int HEADER = 1 + 8 + 4 + 2 + 8;

    private static SessionRequest roundTrip(SessionRequest request) throws ProtocolException {
        ByteBuffer wire = request.encode();
        assertFalse(wire.hasRemaining(), "encode fills its buffer exactly");
        return SessionRequest.decode(wire.flip());
    }

    private static SessionRequest push(long flags, List<String> paths) {
        return new SessionRequest(SessionRequest.Direction.PUSH, flags, 1 << 20, 8, 0, paths, List.of());
    }

    /** Header bytes: direction, flags, chunk size, 8 slots, no bandwidth limit. */
    private static ByteBuffer header(ByteBuffer out, int direction, long flags) {
        return out.put((byte) direction).putLong(flags).putInt(1 << 20).putShort((short) 8).putLong(0);
    }

    /** A hand-written request with the given flags, one path and no rules. */
    private static ByteBuffer request(long flags, String path) {
        byte[] bytes = path.getBytes(StandardCharsets.UTF_8);
        ByteBuffer out = ByteBuffer.allocate(HEADER + 2 + 2 + bytes.length + 2 + TransferLimits.SIZE + 4 + 2 + 8);
        header(out, 1, flags).putShort((short) 1).putShort((short) bytes.length).put(bytes).putShort((short) 0);
        return limits(out, 0, -1, -1).putShort((short) 0).putShort((short) 0).put((byte) 0).put((byte) 0).putLong(0)
                .flip();
    }

    private static ByteBuffer limits(ByteBuffer out, long minSize, long maxSize, long maxDelete) {
        return out.putLong(minSize).putLong(maxSize).putLong(maxDelete);
    }

    @Test
    void pushRoundTripsWithSeveralUtf8PathsAndRules() throws Exception {
        long flags = SessionRequest.PRESERVE_TIMES | SessionRequest.DESTINATION_IS_DIRECTORY | SessionRequest.DELETE;
        SessionRequest sent = new SessionRequest(SessionRequest.Direction.PUSH, flags, 4 << 20, 16, 0, PATHS, RULES);
        SessionRequest received = roundTrip(sent);
        assertEquals(sent, received);
        assertTrue(received.has(SessionRequest.PRESERVE_TIMES));
        assertFalse(received.has(SessionRequest.PRESERVE_PERMISSIONS));
        assertTrue(received.has(SessionRequest.DESTINATION_IS_DIRECTORY));
        assertTrue(received.has(SessionRequest.DELETE));
        assertEquals(RULES, received.filterRules());
    }

    @Test
    void pullRoundTripsSlotsAndALargeBandwidthLimit() throws Exception {
        long limit = 5L << 40;
        SessionRequest sent = new SessionRequest(SessionRequest.Direction.PULL, SessionRequest.PRESERVE_PERMISSIONS,
                65536, 65535, limit, PATHS, List.of());
        SessionRequest received = roundTrip(sent);
        assertEquals(SessionRequest.Direction.PULL, received.direction());
        assertEquals(65536, received.chunkSize());
        assertEquals(65535, received.slots());
        assertEquals(limit, received.bandwidthLimit());
        assertEquals(PATHS, received.paths());
        assertEquals(List.of(), received.filterRules());
    }

    @Test
    void everyDefinedFlagSurvivesTheRoundTrip() throws Exception {
        long[] flags = {SessionRequest.PRESERVE_TIMES, SessionRequest.PRESERVE_PERMISSIONS,
            SessionRequest.DESTINATION_IS_DIRECTORY, SessionRequest.RECURSIVE, SessionRequest.LINKS,
            SessionRequest.OWNERS, SessionRequest.DELETE, SessionRequest.CHECKSUM, SessionRequest.SIZE_ONLY,
            SessionRequest.IGNORE_EXISTING, SessionRequest.UPDATE, SessionRequest.DRY_RUN, SessionRequest.PARTIAL,
            SessionRequest.FILES_FROM, SessionRequest.DELETE_EXCLUDED, SessionRequest.HARD_LINKS,
            SessionRequest.TRANSPORT_TCP, SessionRequest.RDMA_ONLY, SessionRequest.DIRS, SessionRequest.DELETE_AFTER,
            SessionRequest.DEVICES, SessionRequest.SPECIALS, SessionRequest.ITEMIZE, SessionRequest.ITEMIZE_UNCHANGED,
            SessionRequest.MKPATH, SessionRequest.EXISTING, SessionRequest.REMOVE_SOURCE_FILES, SessionRequest.BACKUP};
        int all = 0;
        for (long flag : flags) {
            SessionRequest received = roundTrip(push(flag, List.of("x")));
            assertTrue(received.has(flag), "flag " + flag);
            assertEquals(flag, received.flags(), "only flag " + flag);
            all |= flag;
        }
        all &= ~SessionRequest.RDMA_ONLY;
        assertEquals(all, roundTrip(push(all, List.of("x"))).flags());
    }

    @Test
    void flagsAboveTheKnownOnesAreRejected() {
        for (long flag : new long[] {1L << 61, 1L << 62, 1L << 63}) {
            ByteBuffer wire = push(flag, List.of("x")).encode().flip();
            assertThrows(ProtocolException.class, () -> SessionRequest.decode(wire), "flag " + flag);
        }
    }

    @Test
    void tcpOnlyAndRdmaOnlyTogetherAreRejected() {
        ByteBuffer wire = request(SessionRequest.TRANSPORT_TCP | SessionRequest.RDMA_ONLY, "x");
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(wire));
    }

    @Test
    void aWellFormedHandWrittenRequestDecodes() throws Exception {
        SessionRequest decoded = SessionRequest.decode(request(SessionRequest.RECURSIVE, "dest/"));
        assertEquals(SessionRequest.Direction.PUSH, decoded.direction());
        assertEquals(SessionRequest.RECURSIVE, decoded.flags());
        assertEquals(1 << 20, decoded.chunkSize());
        assertEquals(8, decoded.slots());
        assertEquals(0, decoded.bandwidthLimit());
        assertEquals(List.of("dest/"), decoded.paths());
        assertEquals(List.of(), decoded.filterRules());
        assertEquals(TransferLimits.NONE, decoded.receiver().limits());
    }

    @Test
    void limitsRoundTripAtTheirExtremes() throws Exception {
        for (TransferLimits limits : List.of(TransferLimits.NONE, new TransferLimits(1, 0, 0),
                new TransferLimits(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE), new TransferLimits(1535, 2001, 7))) {
            SessionRequest sent = new SessionRequest(SessionRequest.Direction.PULL, SessionRequest.RECURSIVE, 1 << 20, 8,
                    0, PATHS, RULES, ReceiverSettings.NONE.withLimits(limits));
            assertEquals(limits, roundTrip(sent).receiver().limits());
        }
    }

    @Test
    void limitsBelowTheirRangeAreRejected() {
        long[][] bad = {{-1, -1, -1}, {0, -2, -1}, {0, -1, -2}, {Long.MIN_VALUE, 0, 0}, {0, Long.MIN_VALUE, 0}};
        for (long[] values : bad) {
            byte[] path = {'x'};
            ByteBuffer out = ByteBuffer.allocate(HEADER + 2 + 3 + 2 + TransferLimits.SIZE);
            header(out, 1, 0).putShort((short) 1).putShort((short) 1).put(path).putShort((short) 0);
            ByteBuffer wire = limits(out, values[0], values[1], values[2]).flip();
            assertThrows(ProtocolException.class, () -> SessionRequest.decode(wire), java.util.Arrays.toString(values));
        }
    }

    @Test
    void backupRulesRoundTrip() throws Exception {
        for (BackupRule backup : List.of(BackupRule.NONE, new BackupRule("~", ""), new BackupRule("", "old/days"),
                new BackupRule("", "../up/days"), new BackupRule("~", "/abs"), new BackupRule("", "a//b/./c/.."),
                new BackupRule("." + "x".repeat(254), "d/".repeat(2046) + "e\u00e9"))) {
            SessionRequest sent = new SessionRequest(SessionRequest.Direction.PUSH, SessionRequest.BACKUP, 1 << 20, 8, 0,
                    PATHS, RULES, ReceiverSettings.NONE.withBackup(backup));
            assertEquals(backup, roundTrip(sent).receiver().backup());
        }
    }

    /** Version 7: a backup directory that is absolute or climbs is opened apart from the destination. */
    @Test
    void aBackupDirectoryIsOutsideTheDestinationWhenAbsoluteOrClimbing() {
        for (String inside : List.of("bk", "old/days", "d\u00e9j\u00e0/x")) {
            assertFalse(BackupRule.outsideDestination(inside.getBytes(StandardCharsets.UTF_8)), inside);
        }
        for (String outside : List.of("/abs", "../up", "a/../b", "./a", "a//b", "..")) {
            assertTrue(BackupRule.outsideDestination(outside.getBytes(StandardCharsets.UTF_8)), outside);
        }
        assertFalse(BackupRule.outsideDestination(new byte[0]), "none");
    }

    @Test
    void malformedBackupRulesAreRejected() {
        String[][] bad = {{"a/b", ""}, {"\0", ""}, {"~", "a\0b"}, {"x".repeat(256), ""}, {"", "d".repeat(4097)}};
        for (String[] rule : bad) {
            byte[] suffix = rule[0].getBytes(StandardCharsets.UTF_8);
            byte[] directory = rule[1].getBytes(StandardCharsets.UTF_8);
            ByteBuffer out = ByteBuffer.allocate(HEADER + 2 + 3 + 2 + TransferLimits.SIZE + 4 + suffix.length
                    + directory.length);
            header(out, 1, 0).putShort((short) 1).putShort((short) 1).put((byte) 'x').putShort((short) 0);
            limits(out, 0, -1, -1).putShort((short) suffix.length).put(suffix).putShort((short) directory.length)
                    .put(directory);
            assertThrows(ProtocolException.class, () -> SessionRequest.decode(out.flip()), List.of(rule).toString());
        }
    }

    @Test
    void referenceDirectoriesRoundTrip() throws Exception {
        List<ReferenceDirectories> all = List.of(ReferenceDirectories.NONE,
                new ReferenceDirectories(ReferenceDirectories.Kind.LINK, List.of("../2026-11-22", "/abs/snap")),
                new ReferenceDirectories(ReferenceDirectories.Kind.COMPARE, List.of("r\u00e9f")),
                new ReferenceDirectories(ReferenceDirectories.Kind.COPY,
                        java.util.Collections.nCopies(ReferenceDirectories.MAX_DIRECTORIES, "d".repeat(4096))));
        for (ReferenceDirectories references : all) {
            SessionRequest sent = new SessionRequest(SessionRequest.Direction.PUSH, 0, 1 << 20, 8, 0, PATHS, RULES,
                    ReceiverSettings.NONE.withReferences(references));
            assertEquals(references, roundTrip(sent).receiver().references());
        }
    }

    /** A request with one path "x" whose reference-directory field is {@code field}. */
    private static ByteBuffer withReferences(byte[] field) {
        ByteBuffer out = ByteBuffer.allocate(HEADER + 2 + 3 + 2 + TransferLimits.SIZE + 4 + field.length + 8);
        header(out, 1, 0).putShort((short) 1).putShort((short) 1).put((byte) 'x').putShort((short) 0);
        return limits(out, 0, -1, -1).putShort((short) 0).putShort((short) 0).put(field).putLong(0).flip();
    }

    @Test
    void malformedReferenceDirectoriesAreProtocolErrors() {
        byte[][] bad = {
            {},
            {3},
            {4, 1, 0, 1, 'a'},
            {0, 1, 0, 1, 'a'},
            {3, 0},
            {3, 21},
            {3, 1, 0, 0},
            {3, 1, 0, 2, 'a'},
            {3, 1, 0, 1, 0},
            {3, 1, 0, 2, (byte) 0xc3, (byte) 0x28},
            {3, 1, 0, 1, (byte) 0xff},
            {3, 1, 0x10, 1, 'a'},
            {1, 1, 0, 1, 'a', 'z'},
        };
        for (byte[] field : bad) {
            assertThrows(ProtocolException.class, () -> SessionRequest.decode(withReferences(field)),
                    java.util.Arrays.toString(field));
        }
    }

    @Test
    void aWellFormedReferenceFieldDecodes() throws Exception {
        SessionRequest request = SessionRequest.decode(withReferences(new byte[] {3, 2, 0, 2, '.', '.', 0, 1, 'p'}));
        assertEquals(new ReferenceDirectories(ReferenceDirectories.Kind.LINK, List.of("..", "p")),
                request.receiver().references());
    }

    @Test
    void ownerMapsRoundTrip() throws Exception {
        List<OwnerMaps> all = List.of(new OwnerMaps("root:nobody,1000-1999:*", ""), new OwnerMaps("", "*:nogroup"),
                new OwnerMaps("j\u00f6rg:1,*:x", "g?:0"),
                new OwnerMaps("u".repeat(OwnerMaps.MAX_LENGTH), "g".repeat(OwnerMaps.MAX_LENGTH)));
        for (OwnerMaps maps : all) {
            SessionRequest sent = new SessionRequest(SessionRequest.Direction.PUSH, SessionRequest.OWNER_MAPS, 1 << 20,
                    8, 0, PATHS, RULES, ReceiverSettings.NONE.withOwnerMaps(maps));
            assertEquals(maps, roundTrip(sent).receiver().ownerMaps());
        }
        SessionRequest without = new SessionRequest(SessionRequest.Direction.PUSH, 0, 1 << 20, 8, 0, PATHS, RULES);
        assertEquals(OwnerMaps.NONE, roundTrip(without).receiver().ownerMaps());
    }

    @Test
    void theOwnerMapsFlagMustMatchTheMaps() {
        assertThrows(IllegalArgumentException.class, () -> new SessionRequest(SessionRequest.Direction.PUSH,
                SessionRequest.OWNER_MAPS, 1 << 20, 8, 0, PATHS, RULES, ReceiverSettings.NONE));
        assertThrows(IllegalArgumentException.class, () -> new SessionRequest(SessionRequest.Direction.PUSH, 0,
                1 << 20, 8, 0, PATHS, RULES, ReceiverSettings.NONE.withOwnerMaps(new OwnerMaps("*:0", ""))));
        assertThrows(IllegalArgumentException.class, () -> new OwnerMaps("a\0b", ""));
        assertThrows(IllegalArgumentException.class, () -> new OwnerMaps("", "g".repeat(OwnerMaps.MAX_LENGTH + 1)));
    }

    /** A request with one path "x", the OWNER_MAPS flag and {@code field} after empty reference directories. */
    private static ByteBuffer withOwnerMaps(byte[] field) {
        ByteBuffer out = ByteBuffer.allocate(HEADER + 2 + 3 + 2 + TransferLimits.SIZE + 4 + 2 + field.length + 8);
        header(out, 1, SessionRequest.OWNER_MAPS).putShort((short) 1).putShort((short) 1).put((byte) 'x')
                .putShort((short) 0);
        return limits(out, 0, -1, -1).putShort((short) 0).putShort((short) 0).put((byte) 0).put((byte) 0).put(field)
                .putLong(0).flip();
    }

    @Test
    void malformedOwnerMapsAreProtocolErrors() {
        byte[][] bad = {
            {},
            {0},
            {0, 0},
            {0, 0, 0},
            {0, 0, 0, 0},
            {0, 3, '*', ':', '0'},
            {0, 3, '*', ':', '0', 0},
            {0, 3, '*', ':', '0', 0, 0, 'z'},
            {0, 1, 0, 0, 0},
            {0, 2, (byte) 0xc3, (byte) 0x28, 0, 0},
            {0, 0, 0, 1, (byte) 0xff},
            {0x10, 1, 'a', 0, 0},
            {0, 0, 0, 5, 'a'},
        };
        for (byte[] field : bad) {
            assertThrows(ProtocolException.class, () -> SessionRequest.decode(withOwnerMaps(field)),
                    java.util.Arrays.toString(field));
        }
    }

    @Test
    void aWellFormedOwnerMapsFieldDecodes() throws Exception {
        SessionRequest request = SessionRequest.decode(withOwnerMaps(new byte[] {0, 3, '*', ':', '0', 0, 4, 'g', ':', 'x', 'y'}));
        assertEquals(new OwnerMaps("*:0", "g:xy"), request.receiver().ownerMaps());
    }

    @Test
    void aPartialDirectoryRoundTrips() throws Exception {
        for (String directory : List.of(".rsync-partial", "a/b", "p\u00e4rtial", "d".repeat(PartialDirectory.MAX_LENGTH))) {
            SessionRequest sent = new SessionRequest(SessionRequest.Direction.PUSH,
                    SessionRequest.PARTIAL | SessionRequest.PARTIAL_DIR, 1 << 20, 8, 0, PATHS, RULES,
                    ReceiverSettings.NONE.withPartialDirectory(new PartialDirectory(directory)));
            assertEquals(directory, roundTrip(sent).receiver().partialDirectory().directory());
        }
        assertEquals(PartialDirectory.NONE,
                roundTrip(push(SessionRequest.PARTIAL, List.of("x"))).receiver().partialDirectory());
    }

    @Test
    void aPartialDirectoryMustBeRelativeAndComeWithItsFlags() {
        for (String bad : List.of("/abs", "..", "a/../b", "a//b", "./a", "a/", "n\0ul", "d".repeat(PartialDirectory.MAX_LENGTH + 1))) {
            assertThrows(IllegalArgumentException.class, () -> new PartialDirectory(bad), bad);
        }
        PartialDirectory directory = new PartialDirectory(".p");
        assertThrows(IllegalArgumentException.class, () -> new SessionRequest(SessionRequest.Direction.PUSH,
                SessionRequest.PARTIAL_DIR, 1 << 20, 8, 0, PATHS, RULES,
                ReceiverSettings.NONE.withPartialDirectory(directory)), "without PARTIAL");
        assertThrows(IllegalArgumentException.class, () -> new SessionRequest(SessionRequest.Direction.PUSH,
                SessionRequest.PARTIAL, 1 << 20, 8, 0, PATHS, RULES,
                ReceiverSettings.NONE.withPartialDirectory(directory)), "without PARTIAL_DIR");
    }

    /** A request with one path "x", {@code flags} and {@code field} (the trailing fields) after empty reference directories. */
    private static ByteBuffer withTrailingFields(long flags, byte[] field) {
        ByteBuffer out = ByteBuffer.allocate(HEADER + 2 + 3 + 2 + TransferLimits.SIZE + 4 + 2 + field.length + 8);
        header(out, 1, flags).putShort((short) 1).putShort((short) 1).put((byte) 'x').putShort((short) 0);
        return limits(out, 0, -1, -1).putShort((short) 0).putShort((short) 0).put((byte) 0).put((byte) 0).put(field)
                .putLong(0).flip();
    }

    @Test
    void malformedPartialDirectoriesAreProtocolErrors() {
        long both = SessionRequest.PARTIAL | SessionRequest.PARTIAL_DIR;
        byte[][] bad = {
            {},
            {0},
            {0, 0},
            {0, 2, '.'},
            {0, 2, '.', '.'},
            {0, 1, '/'},
            {0, 3, 'a', '/', '/'},
            {0, 2, 'a', 0},
            {0, 2, (byte) 0xc3, (byte) 0x28},
            {0, 1, 'p', 'z'},
            {0x10, 1, 'p'},
        };
        for (byte[] field : bad) {
            assertThrows(ProtocolException.class, () -> SessionRequest.decode(withTrailingFields(both, field)),
                    java.util.Arrays.toString(field));
        }
        assertThrows(ProtocolException.class,
                () -> SessionRequest.decode(withTrailingFields(SessionRequest.PARTIAL_DIR, new byte[] {0, 1, 'p'})),
                "without PARTIAL");
    }

    @Test
    void aWellFormedPartialDirectoryFieldDecodes() throws Exception {
        SessionRequest request = SessionRequest.decode(withTrailingFields(
                SessionRequest.PARTIAL | SessionRequest.PARTIAL_DIR, new byte[] {0, 4, '.', 'p', '/', 'q'}));
        assertEquals(".p/q", request.receiver().partialDirectory().directory());
    }

    @Test
    void aModifyWindowRoundTripsAfterThePartialDirectory() throws Exception {
        for (int window : new int[] {-1, 1, 2, Integer.MAX_VALUE}) {
            SessionRequest sent = new SessionRequest(SessionRequest.Direction.PUSH, SessionRequest.PARTIAL
                    | SessionRequest.PARTIAL_DIR | SessionRequest.MODIFY_WINDOW, 1 << 20, 8, 0, PATHS, RULES,
                    ReceiverSettings.NONE.withPartialDirectory(new PartialDirectory(".p")).withModifyWindow(window));
            SessionRequest received = roundTrip(sent);
            assertEquals(window, received.receiver().modifyWindow());
            assertEquals(".p", received.receiver().partialDirectory().directory());
        }
        assertEquals(0, roundTrip(push(0, List.of("x"))).receiver().modifyWindow());
    }

    @Test
    void aModifyWindowMustComeWithItsFlagAndBeAtLeastMinusOne() {
        assertThrows(IllegalArgumentException.class, () -> new SessionRequest(SessionRequest.Direction.PUSH,
                SessionRequest.MODIFY_WINDOW, 1 << 20, 8, 0, PATHS, RULES, ReceiverSettings.NONE.withModifyWindow(0)));
        assertThrows(IllegalArgumentException.class, () -> new SessionRequest(SessionRequest.Direction.PUSH, 0,
                1 << 20, 8, 0, PATHS, RULES, ReceiverSettings.NONE.withModifyWindow(3)));
        assertThrows(IllegalArgumentException.class, () -> new SessionRequest(SessionRequest.Direction.PUSH,
                SessionRequest.MODIFY_WINDOW, 1 << 20, 8, 0, PATHS, RULES, ReceiverSettings.NONE.withModifyWindow(-2)));
    }

    @Test
    void malformedModifyWindowsAreProtocolErrors() {
        byte[][] bad = {{}, {0, 0, 0}, {0, 0, 0, 0}, {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xfe},
            {0, 0, 0, 1, 9}};
        for (byte[] field : bad) {
            assertThrows(ProtocolException.class,
                    () -> SessionRequest.decode(withTrailingFields(SessionRequest.MODIFY_WINDOW, field)),
                    java.util.Arrays.toString(field));
        }
    }

    @Test
    void aWellFormedModifyWindowDecodes() throws Exception {
        assertEquals(-1, SessionRequest.decode(withTrailingFields(SessionRequest.MODIFY_WINDOW,
                new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff})).receiver().modifyWindow());
        assertEquals(258, SessionRequest.decode(withTrailingFields(SessionRequest.MODIFY_WINDOW,
                new byte[] {0, 0, 1, 2})).receiver().modifyWindow());
    }

    @Test
    void extendedOptionsRoundTripAfterTheModifyWindow() throws Exception {
        List<ExtendedOptions> all = List.of(ExtendedOptions.NONE,
                ExtendedOptions.NONE.with(ExtendedOptions.NO_IMPLIED_DIRS, true),
                ExtendedOptions.NONE.with(ExtendedOptions.SUPER, true),
                ExtendedOptions.NONE.withTempDirectory("/var/tmp").with(ExtendedOptions.SUPER, true),
                ExtendedOptions.NONE.withTempDirectory("/var/tmp"),
                ExtendedOptions.NONE.withTempDirectory("../t\u00e9mp/").with(ExtendedOptions.NO_IMPLIED_DIRS, true),
                ExtendedOptions.NONE.withTempDirectory("d".repeat(ExtendedOptions.MAX_LENGTH)));
        for (ExtendedOptions extended : all) {
            SessionRequest sent = new SessionRequest(SessionRequest.Direction.PUSH, SessionRequest.MODIFY_WINDOW,
                    1 << 20, 8, 0, PATHS, RULES, ReceiverSettings.NONE.withModifyWindow(2).withExtended(extended));
            SessionRequest received = roundTrip(sent);
            assertEquals(extended, received.receiver().extended());
            assertEquals(2, received.receiver().modifyWindow());
        }
        assertEquals(ExtendedOptions.NONE, roundTrip(push(0, List.of("x"))).receiver().extended());
    }

    @Test
    void extendedOptionsRefuseUnknownBitsAndAMismatchedTemporaryDirectory() {
        assertThrows(IllegalArgumentException.class, () -> new ExtendedOptions(1L << 40, ""));
        assertThrows(IllegalArgumentException.class, () -> new ExtendedOptions(Long.MIN_VALUE, ""));
        assertThrows(IllegalArgumentException.class, () -> new ExtendedOptions(ExtendedOptions.TEMP_DIR, ""));
        assertThrows(IllegalArgumentException.class, () -> new ExtendedOptions(0, "/tmp"));
        assertThrows(IllegalArgumentException.class, () -> ExtendedOptions.NONE.withTempDirectory("n\0ul"));
        assertThrows(IllegalArgumentException.class,
                () -> ExtendedOptions.NONE.withTempDirectory("d".repeat(ExtendedOptions.MAX_LENGTH + 1)));
        assertThrows(IllegalArgumentException.class, () -> ExtendedOptions.NONE.with(ExtendedOptions.TEMP_DIR, true));
        assertEquals(ExtendedOptions.NONE, ExtendedOptions.NONE.withTempDirectory("/t").withTempDirectory(""));
    }

    /** A request with one path "x" and no other trailing field, ending in {@code field}: the extended flags and what follows them. */
    private static ByteBuffer withExtendedField(byte[] field) {
        ByteBuffer out = ByteBuffer.allocate(HEADER + 2 + 3 + 2 + TransferLimits.SIZE + 4 + 2 + field.length);
        header(out, 1, 0).putShort((short) 1).putShort((short) 1).put((byte) 'x').putShort((short) 0);
        return limits(out, 0, -1, -1).putShort((short) 0).putShort((short) 0).put((byte) 0).put((byte) 0).put(field)
                .flip();
    }

    @Test
    void malformedExtendedOptionsAreProtocolErrors() {
        byte[][] bad = {
            {},
            {0, 0, 0, 0, 0, 0, 0},
            {0, 0, 0, 1, 0, 0, 0, 0},
            {0, 0, 0, 0, 0, 0, 4, 0},
            {0, 0, 0, 0, 0, 0, 0, 4, 0},
            {(byte) 0x80, 0, 0, 0, 0, 0, 0, 0},
            {0, 0, 0, 0, 0, 0, 0, 0, 'z'},
            {0, 0, 0, 0, 0, 0, 0, 1},
            {0, 0, 0, 0, 0, 0, 0, 1, 0},
            {0, 0, 0, 0, 0, 0, 0, 1, 0, 0},
            {0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 't'},
            {0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 't', 0},
            {0, 0, 0, 0, 0, 0, 0, 1, 0, 2, (byte) 0xc3, (byte) 0x28},
            {0, 0, 0, 0, 0, 0, 0, 1, 0x10, 1, 't'},
            {0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 't', 'z'},
        };
        for (byte[] field : bad) {
            assertThrows(ProtocolException.class, () -> SessionRequest.decode(withExtendedField(field)),
                    java.util.Arrays.toString(field));
        }
    }

    @Test
    void aWellFormedExtendedFieldDecodes() throws Exception {
        assertEquals(new ExtendedOptions(ExtendedOptions.TEMP_DIR | ExtendedOptions.NO_IMPLIED_DIRS, "../t"),
                SessionRequest.decode(withExtendedField(new byte[] {0, 0, 0, 0, 0, 0, 0, 3, 0, 4, '.', '.', '/', 't'}))
                        .receiver().extended());
        assertEquals(ExtendedOptions.NONE, SessionRequest.decode(withExtendedField(new byte[8])).receiver().extended());
        assertEquals(ExtendedOptions.NONE.with(ExtendedOptions.SUPER, true),
                SessionRequest.decode(withExtendedField(new byte[] {0, 0, 0, 0, 0, 0, 0, 4})).receiver().extended(),
                "--super has no value after it");
    }

    /** -U is bit 4 of the extended flags, with no field after it. */
    @Test
    void theAtimesFlagIsBit4AndRoundTrips() throws Exception {
        ExtendedOptions atimes = ExtendedOptions.NONE.with(ExtendedOptions.ATIMES, true);
        assertEquals(atimes, SessionRequest.decode(withExtendedField(new byte[] {0, 0, 0, 0, 0, 0, 0, 0x10}))
                .receiver().extended());
        SessionRequest sent = new SessionRequest(SessionRequest.Direction.PULL, 0, 1 << 20, 8, 0, PATHS, RULES,
                ReceiverSettings.NONE.withExtended(atimes.withTempDirectory("t")));
        assertEquals(atimes.withTempDirectory("t"), roundTrip(sent).receiver().extended());
    }

    /**
     * --info=backup is bit 5 of the extended flags, with no field after it (a byte there is
     * trailing); bit 11 and beyond stay unknown.
     */
    @Test
    void theInfoBackupFlagIsBit5AndRoundTrips() throws Exception {
        ExtendedOptions backups = ExtendedOptions.NONE.with(ExtendedOptions.INFO_BACKUP, true);
        assertEquals(1L << 5, ExtendedOptions.INFO_BACKUP);
        assertEquals(backups, SessionRequest.decode(withExtendedField(new byte[] {0, 0, 0, 0, 0, 0, 0, 0x20}))
                .receiver().extended());
        ExtendedOptions all = backups.with(ExtendedOptions.ATIMES, true).with(ExtendedOptions.SUPER, true)
                .with(ExtendedOptions.FAKE_SUPER, true).withTempDirectory("t");
        SessionRequest sent = new SessionRequest(SessionRequest.Direction.PUSH, 0, 1 << 20, 8, 0, PATHS, RULES,
                ReceiverSettings.NONE.withExtended(all));
        assertEquals(all, roundTrip(sent).receiver().extended());
        for (byte[] field : new byte[][] {{0, 0, 0, 0, 0, 0, 8, 0x20}, {0, 0, 0, 0, 0, 0, 0, 0x20, 0},
            {(byte) 0x80, 0, 0, 0, 0, 0, 0, 0x20}}) {
            assertThrows(ProtocolException.class, () -> SessionRequest.decode(withExtendedField(field)),
                    java.util.Arrays.toString(field));
        }
        assertThrows(IllegalArgumentException.class, () -> new ExtendedOptions(ExtendedOptions.LIST_ONLY << 1, ""));
    }

    /** --list-only is bit 10 of the extended flags, with no field after it, and only on a dry run. */
    @Test
    void theListOnlyFlagIsBit10AndOnlyOnADryRun() throws Exception {
        ExtendedOptions listing = ExtendedOptions.NONE.with(ExtendedOptions.LIST_ONLY, true);
        assertEquals(1L << 10, ExtendedOptions.LIST_ONLY);
        SessionRequest sent = new SessionRequest(SessionRequest.Direction.PULL, SessionRequest.DRY_RUN, 1 << 20, 8, 0,
                PATHS, RULES, ReceiverSettings.NONE.withExtended(listing));
        assertEquals(listing, roundTrip(sent).receiver().extended());
        ProtocolException notDry = assertThrows(ProtocolException.class,
                () -> SessionRequest.decode(withExtendedField(new byte[] {0, 0, 0, 0, 0, 0, 4, 0})));
        assertTrue(notDry.getMessage().contains("LIST_ONLY without DRY_RUN"), notDry.getMessage());
    }

    /** The receiver's taking of SIZE pieces is bit 9 of the extended flags, with no field after it. */
    @Test
    void theSizeAtOpenFlagIsBit9AndRoundTrips() throws Exception {
        ExtendedOptions sizes = ExtendedOptions.NONE.with(ExtendedOptions.SIZE_AT_OPEN, true);
        assertEquals(1L << 9, ExtendedOptions.SIZE_AT_OPEN);
        assertEquals(sizes, SessionRequest.decode(withExtendedField(new byte[] {0, 0, 0, 0, 0, 0, 2, 0}))
                .receiver().extended());
        SessionRequest sent = new SessionRequest(SessionRequest.Direction.PULL, 0, 1 << 20, 8, 0, PATHS, RULES,
                ReceiverSettings.NONE.withExtended(sizes.with(ExtendedOptions.ATIMES, true)));
        assertEquals(sizes.with(ExtendedOptions.ATIMES, true), roundTrip(sent).receiver().extended());
        assertThrows(ProtocolException.class,
                () -> SessionRequest.decode(withExtendedField(new byte[] {0, 0, 0, 0, 0, 0, 2, 0, 0})), "trailing byte");
    }

    /** --stats's counts by kind are bit 6 of the extended flags, with no field after it. */
    @Test
    void theReceiverCountsFlagIsBit6AndRoundTrips() throws Exception {
        ExtendedOptions counts = ExtendedOptions.NONE.with(ExtendedOptions.RECEIVER_COUNTS, true);
        assertEquals(1L << 6, ExtendedOptions.RECEIVER_COUNTS);
        assertEquals(counts, SessionRequest.decode(withExtendedField(new byte[] {0, 0, 0, 0, 0, 0, 0, 0x40}))
                .receiver().extended());
        assertThrows(ProtocolException.class,
                () -> SessionRequest.decode(withExtendedField(new byte[] {0, 0, 0, 0, 0, 0, 0, 0x40, 0})), "trailing");
        SessionRequest sent = new SessionRequest(SessionRequest.Direction.PUSH, 0, 1 << 20, 8, 0, PATHS, RULES,
                ReceiverSettings.NONE.withExtended(counts.with(ExtendedOptions.ATIMES, true)));
        assertEquals(counts.with(ExtendedOptions.ATIMES, true), roundTrip(sent).receiver().extended());
    }

    /** --delete-before is bit 7 of the extended flags, with no field after it; it travels with the others. */
    @Test
    void theDeleteBeforeFlagIsBit7AndRoundTrips() throws Exception {
        ExtendedOptions before = ExtendedOptions.NONE.with(ExtendedOptions.DELETE_BEFORE, true);
        assertEquals(1L << 7, ExtendedOptions.DELETE_BEFORE);
        assertEquals(before, SessionRequest.decode(withExtendedField(new byte[] {0, 0, 0, 0, 0, 0, 0, (byte) 0x80}))
                .receiver().extended());
        ExtendedOptions all = before.with(ExtendedOptions.INFO_BACKUP, true).withTempDirectory("t");
        SessionRequest sent = new SessionRequest(SessionRequest.Direction.PUSH, 0, 1 << 20, 8, 0, PATHS, RULES,
                ReceiverSettings.NONE.withExtended(all));
        assertEquals(all, roundTrip(sent).receiver().extended());
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(withExtendedField(
                new byte[] {0, 0, 0, 0, 0, 0, 4, (byte) 0x80})));
    }

    /**
     * --delete as rsync's --delete-during is bit 8 of the extended flags, with no field after it;
     * it travels with --delete only where a directory's children are listed together: with
     * DELETE_AFTER, --delete-before, --max-delete, -m, FILES_FROM or --no-implied-dirs, or without
     * --delete, it is a protocol error.
     */
    @Test
    void theDeleteDuringFlagIsBit8AndTravelsOnlyWithDeleteDuring() throws Exception {
        ExtendedOptions during = ExtendedOptions.NONE.with(ExtendedOptions.DELETE_DURING, true);
        assertEquals(1L << 8, ExtendedOptions.DELETE_DURING);
        SessionRequest sent = new SessionRequest(SessionRequest.Direction.PUSH, SessionRequest.DELETE, 1 << 20, 8, 0,
                PATHS, RULES, ReceiverSettings.NONE.withExtended(during.with(ExtendedOptions.ATIMES, true)));
        assertEquals(during.with(ExtendedOptions.ATIMES, true), roundTrip(sent).receiver().extended());
        assertTrue(ReceiverSettings.deletesDuring(SessionRequest.DELETE, TransferLimits.NONE, ExtendedOptions.NONE));
        long[] refused = {0, SessionRequest.DELETE | SessionRequest.DELETE_AFTER,
            SessionRequest.DELETE | SessionRequest.PRUNE_EMPTY_DIRS, SessionRequest.DELETE | SessionRequest.FILES_FROM};
        for (long flags : refused) {
            SessionRequest request = new SessionRequest(SessionRequest.Direction.PUSH, flags, 1 << 20, 8, 0, PATHS,
                    RULES, ReceiverSettings.NONE.withExtended(during));
            assertThrows(ProtocolException.class, () -> SessionRequest.decode(request.encode().flip()),
                    Long.toHexString(flags));
        }
        for (ExtendedOptions with : new ExtendedOptions[] {during.with(ExtendedOptions.DELETE_BEFORE, true),
            during.with(ExtendedOptions.NO_IMPLIED_DIRS, true)}) {
            SessionRequest request = new SessionRequest(SessionRequest.Direction.PUSH, SessionRequest.DELETE,
                    1 << 20, 8, 0, PATHS, RULES, ReceiverSettings.NONE.withExtended(with));
            assertThrows(ProtocolException.class, () -> SessionRequest.decode(request.encode().flip()), with.toString());
        }
        SessionRequest limited = new SessionRequest(SessionRequest.Direction.PUSH, SessionRequest.DELETE, 1 << 20, 8,
                0, PATHS, RULES, ReceiverSettings.NONE.withLimits(new TransferLimits(0, -1, 5)).withExtended(during));
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(limited.encode().flip()), "--max-delete");
    }

    /** --fake-super is bit 3 of the extended flags, with no field after it; it travels with the others. */
    @Test
    void theFakeSuperFlagIsBit3AndRoundTrips() throws Exception {
        ExtendedOptions fake = ExtendedOptions.NONE.with(ExtendedOptions.FAKE_SUPER, true);
        assertEquals(fake, SessionRequest.decode(withExtendedField(new byte[] {0, 0, 0, 0, 0, 0, 0, 8}))
                .receiver().extended());
        ExtendedOptions all = fake.with(ExtendedOptions.ATIMES, true).with(ExtendedOptions.NO_IMPLIED_DIRS, true)
                .withTempDirectory("t");
        SessionRequest sent = new SessionRequest(SessionRequest.Direction.PUSH, 0, 1 << 20, 8, 0, PATHS, RULES,
                ReceiverSettings.NONE.withExtended(all));
        assertEquals(all, roundTrip(sent).receiver().extended());
        // Bit 3 with a value after it would be read as trailing garbage, and bit 10 is still unknown.
        assertThrows(ProtocolException.class,
                () -> SessionRequest.decode(withExtendedField(new byte[] {0, 0, 0, 0, 0, 0, 0, 8, 0, 1, 'x'})));
        assertThrows(ProtocolException.class,
                () -> SessionRequest.decode(withExtendedField(new byte[] {0, 0, 0, 0, 0, 0, 4, 8})));
    }

    @Test
    void truncatedTrailingFieldsAreRejected() {
        // The limits, the empty backup rule (4) and reference directories (2), the extended flags (8).
        for (int missing = 1; missing <= TransferLimits.SIZE + 4 + 2 + 8; missing++) {
            ByteBuffer whole = request(0, "x");
            ByteBuffer cut = whole.limit(whole.limit() - missing);
            assertThrows(ProtocolException.class, () -> SessionRequest.decode(cut), missing + " bytes missing");
        }
    }

    @Test
    void sizeLimitsSkipOutsideTheirRange() {
        TransferLimits limits = new TransferLimits(100, 1999, -1);
        assertTrue(limits.skipsSize(99));
        assertFalse(limits.skipsSize(100));
        assertFalse(limits.skipsSize(1999));
        assertTrue(limits.skipsSize(2000));
        assertFalse(TransferLimits.NONE.skipsSize(0));
        assertFalse(TransferLimits.NONE.skipsSize(Long.MAX_VALUE));
        assertTrue(new TransferLimits(0, 0, -1).skipsSize(1));
    }

    @Test
    void zeroPathsAreRejected() {
        ByteBuffer out = ByteBuffer.allocate(HEADER + 4);
        header(out, 1, 0).putShort((short) 0).putShort((short) 0).flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(out));
    }

    @Test
    void unknownDirectionIsRejected() {
        for (int direction : new int[] {0, 3, 0xFF}) {
            ByteBuffer out = ByteBuffer.allocate(HEADER + 2 + 3 + 2);
            header(out, direction, 0).putShort((short) 1).putShort((short) 1).put((byte) 'a').putShort((short) 0)
                    .flip();
            assertThrows(ProtocolException.class, () -> SessionRequest.decode(out), "direction " + direction);
        }
    }

    @Test
    void negativeBandwidthLimitIsRejected() {
        ByteBuffer out = ByteBuffer.allocate(HEADER + 2 + 3 + 2);
        out.put((byte) 1).putLong(0).putInt(1 << 20).putShort((short) 8).putLong(-1)
                .putShort((short) 1).putShort((short) 1).put((byte) 'a').putShort((short) 0).flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(out));
    }

    @Test
    void truncatedPathIsRejected() {
        ByteBuffer out = ByteBuffer.allocate(HEADER + 2 + 2 + 3 + 2);
        header(out, 2, 0).putShort((short) 1).putShort((short) 6).put(new byte[] {'a', 'b', 'c'})
                .putShort((short) 0).flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(out));
    }

    @Test
    void missingRuleCountIsRejected() {
        ByteBuffer out = ByteBuffer.allocate(HEADER + 2 + 2 + 4);
        header(out, 2, 0).putShort((short) 1).putShort((short) 4).put(new byte[] {'a', 'b', 'c', 'd'}).flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(out));
    }

    @Test
    void missingRuleIsRejected() {
        ByteBuffer out = ByteBuffer.allocate(HEADER + 2 + 3 + 2 + 3);
        header(out, 2, 0).putShort((short) 1).putShort((short) 1).put((byte) 'a')
                .putShort((short) 2).putShort((short) 1).put((byte) 'b').flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(out));
    }

    @Test
    void emptyPathIsRejected() {
        ByteBuffer out = ByteBuffer.allocate(HEADER + 2 + 2 + 2);
        header(out, 2, 0).putShort((short) 1).putShort((short) 0).putShort((short) 0).flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(out));
    }

    @Test
    void trailingBytesAreRejected() {
        ByteBuffer encoded = push(0, List.of("a", "b")).encode().flip();
        ByteBuffer longer = ByteBuffer.allocate(encoded.remaining() + 1).put(encoded).put((byte) 0).flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(longer));
    }

    @Test
    void zeroSlotsAreRejected() {
        SessionRequest request = new SessionRequest(SessionRequest.Direction.PUSH, 0, 1 << 20, 0, 0, List.of("a"),
                List.of());
        ByteBuffer wire = request.encode().flip();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(wire));
    }

    @Test
    void shortHeaderIsRejected() {
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(ByteBuffer.allocate(HEADER + 3)));
    }

    @Test
    void listsAreCopiedSoLaterChangesDoNotLeakIn() {
        List<String> paths = new java.util.ArrayList<>(List.of("a"));
        SessionRequest request = push(0, paths);
        paths.add("b");
        assertEquals(List.of("a"), request.paths());
    }

    /** Fuzzing found it: a count of 65,535 in a 32-byte REQUEST presized a list for all of them. */
    @Test
    void aLargeStringCountAllocatesOnlyWhatTheBytesHold() {
        ByteBuffer wire = ByteBuffer.allocate(32).put((byte) 1).putLong(0).putInt(4096).putShort((short) 1)
                .putLong(0).putShort((short) 0xFFFF);
        long before = allocated();
        assertThrows(ProtocolException.class, () -> SessionRequest.decode(wire.flip()));
        assertTrue(allocated() - before < 64 * 1024, "allocated " + (allocated() - before) + " bytes");
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                .getCurrentThreadAllocatedBytes();
    }
}
