package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReceiverSettingsTest {

    private static final TransferLimits LIMITS = new TransferLimits(1, 2, 3);
    private static final BackupRule BACKUP = new BackupRule("~", "old");
    private static final ReferenceDirectories REFERENCES =
            new ReferenceDirectories(ReferenceDirectories.Kind.LINK, List.of("../prev"));
    private static final OwnerMaps OWNER_MAPS = new OwnerMaps("*:0", "");
    private static final PartialDirectory PARTIAL_DIRECTORY = new PartialDirectory(".part");
    private static final ExtendedOptions EXTENDED = ExtendedOptions.NONE.withTempDirectory("/tmp")
            .with(ExtendedOptions.NO_IMPLIED_DIRS, true).with(ExtendedOptions.SUPER, true);

    @Test
    void noneAsksForNothing() {
        ReceiverSettings none = ReceiverSettings.NONE;
        assertEquals(TransferLimits.NONE, none.limits());
        assertEquals(BackupRule.NONE, none.backup());
        assertEquals(ReferenceDirectories.NONE, none.references());
        assertEquals(OwnerMaps.NONE, none.ownerMaps());
        assertEquals(PartialDirectory.NONE, none.partialDirectory());
        assertEquals(0, none.modifyWindow());
        assertEquals(ExtendedOptions.NONE, none.extended());
    }

    @Test
    void eachWithMethodSetsItsOwnFieldOnly() {
        ReceiverSettings none = ReceiverSettings.NONE;
        assertEquals(new ReceiverSettings(LIMITS, BackupRule.NONE, ReferenceDirectories.NONE, OwnerMaps.NONE,
                PartialDirectory.NONE, 0), none.withLimits(LIMITS));
        assertEquals(new ReceiverSettings(TransferLimits.NONE, BACKUP, ReferenceDirectories.NONE, OwnerMaps.NONE,
                PartialDirectory.NONE, 0), none.withBackup(BACKUP));
        assertEquals(new ReceiverSettings(TransferLimits.NONE, BackupRule.NONE, REFERENCES, OwnerMaps.NONE,
                PartialDirectory.NONE, 0), none.withReferences(REFERENCES));
        assertEquals(new ReceiverSettings(TransferLimits.NONE, BackupRule.NONE, ReferenceDirectories.NONE, OWNER_MAPS,
                PartialDirectory.NONE, 0), none.withOwnerMaps(OWNER_MAPS));
        assertEquals(new ReceiverSettings(TransferLimits.NONE, BackupRule.NONE, ReferenceDirectories.NONE,
                OwnerMaps.NONE, PARTIAL_DIRECTORY, 0), none.withPartialDirectory(PARTIAL_DIRECTORY));
        assertEquals(new ReceiverSettings(TransferLimits.NONE, BackupRule.NONE, ReferenceDirectories.NONE,
                OwnerMaps.NONE, PartialDirectory.NONE, -1), none.withModifyWindow(-1));
        assertEquals(new ReceiverSettings(TransferLimits.NONE, BackupRule.NONE, ReferenceDirectories.NONE,
                OwnerMaps.NONE, PartialDirectory.NONE, 0, EXTENDED), none.withExtended(EXTENDED));
    }

    @Test
    void withMethodsChainAndLeaveTheOriginalAlone() {
        ReceiverSettings all = ReceiverSettings.NONE.withLimits(LIMITS).withBackup(BACKUP).withReferences(REFERENCES)
                .withOwnerMaps(OWNER_MAPS).withPartialDirectory(PARTIAL_DIRECTORY).withModifyWindow(2);
        assertEquals(new ReceiverSettings(LIMITS, BACKUP, REFERENCES, OWNER_MAPS, PARTIAL_DIRECTORY, 2), all);
        ReceiverSettings wholeSeconds = all.withModifyWindow(0);
        assertEquals(new ReceiverSettings(LIMITS, BACKUP, REFERENCES, OWNER_MAPS, PARTIAL_DIRECTORY, 0), wholeSeconds);
        assertEquals(2, all.modifyWindow());
    }

    @Test
    void aModifyWindowBelowMinusOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ReceiverSettings.NONE.withModifyWindow(-2));
        assertThrows(IllegalArgumentException.class, () -> new ReceiverSettings(TransferLimits.NONE, BackupRule.NONE,
                ReferenceDirectories.NONE, OwnerMaps.NONE, PartialDirectory.NONE, Integer.MIN_VALUE));
        assertEquals(-1, ReceiverSettings.NONE.withModifyWindow(-1).modifyWindow());
        assertEquals(Integer.MAX_VALUE, ReceiverSettings.NONE.withModifyWindow(Integer.MAX_VALUE).modifyWindow());
    }

    @Test
    void noneEncodesAsTheEmptyLimitsBackupRuleReferencesAndExtendedFlags() {
        ByteBuffer out = ByteBuffer.allocate(ReceiverSettings.NONE.encodedSize());
        ReceiverSettings.NONE.encode(out);
        assertFalse(out.hasRemaining(), "encodedSize is what encode writes");
        ByteBuffer expected = ByteBuffer.allocate(TransferLimits.SIZE + 4 + 2 + 8).putLong(0).putLong(-1).putLong(-1)
                .putShort((short) 0).putShort((short) 0).put((byte) 0).put((byte) 0).putLong(0);
        assertEquals(expected.flip(), out.flip());
    }

    @Test
    void everyFieldRoundTripsWithTheFlagsThatAnnounceThem() throws Exception {
        ReceiverSettings all = new ReceiverSettings(LIMITS, BACKUP, REFERENCES, OWNER_MAPS, PARTIAL_DIRECTORY, -1,
                EXTENDED);
        ByteBuffer out = ByteBuffer.allocate(all.encodedSize());
        all.encode(out);
        assertFalse(out.hasRemaining(), "encodedSize is what encode writes");
        long flags = SessionRequest.OWNER_MAPS | SessionRequest.PARTIAL | SessionRequest.PARTIAL_DIR
                | SessionRequest.MODIFY_WINDOW;
        ByteBuffer in = out.flip();
        assertEquals(all, ReceiverSettings.decode(in, flags));
        assertFalse(in.hasRemaining());
    }
}
