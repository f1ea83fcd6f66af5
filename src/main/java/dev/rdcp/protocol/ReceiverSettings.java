package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/**
 * What the receiving side applies besides the REQUEST's flags, and how the REQUEST ends: the size
 * and deletion {@code limits} ({@link TransferLimits}), the {@code backup} rule of -b
 * ({@link BackupRule}), the {@code references} of --link-dest, --compare-dest or --copy-dest
 * ({@link ReferenceDirectories}), then, only where their flags say so, the {@code ownerMaps} of
 * --usermap and --groupmap ({@link SessionRequest#OWNER_MAPS}, {@link OwnerMaps}), the
 * {@code partialDirectory} of --partial-dir ({@link SessionRequest#PARTIAL_DIR},
 * {@link PartialDirectory}) and --modify-window's seconds ({@link SessionRequest#MODIFY_WINDOW}, an
 * i32: 0 compares whole seconds, −1 nanoseconds too), and last, always, (version 7) the
 * {@code extended} flags with their values ({@link ExtendedOptions}).
 */
public record ReceiverSettings(TransferLimits limits, BackupRule backup, ReferenceDirectories references,
        OwnerMaps ownerMaps, PartialDirectory partialDirectory, int modifyWindow, ExtendedOptions extended) {

    /** No limits, backups, reference directories, owner maps, partial directory or extended options; whole seconds. */
    public static final ReceiverSettings NONE = new ReceiverSettings(TransferLimits.NONE, BackupRule.NONE,
            ReferenceDirectories.NONE, OwnerMaps.NONE, PartialDirectory.NONE, 0, ExtendedOptions.NONE);

    /** Settings without extended options. */
    public ReceiverSettings(TransferLimits limits, BackupRule backup, ReferenceDirectories references,
            OwnerMaps ownerMaps, PartialDirectory partialDirectory, int modifyWindow) {
        this(limits, backup, references, ownerMaps, partialDirectory, modifyWindow, ExtendedOptions.NONE);
    }

    public ReceiverSettings {
        if (modifyWindow < -1) {
            throw new IllegalArgumentException("a modify window below -1");
        }
    }

    public ReceiverSettings withLimits(TransferLimits limits) {
        return new ReceiverSettings(limits, backup, references, ownerMaps, partialDirectory, modifyWindow, extended);
    }

    public ReceiverSettings withBackup(BackupRule backup) {
        return new ReceiverSettings(limits, backup, references, ownerMaps, partialDirectory, modifyWindow, extended);
    }

    public ReceiverSettings withReferences(ReferenceDirectories references) {
        return new ReceiverSettings(limits, backup, references, ownerMaps, partialDirectory, modifyWindow, extended);
    }

    public ReceiverSettings withOwnerMaps(OwnerMaps ownerMaps) {
        return new ReceiverSettings(limits, backup, references, ownerMaps, partialDirectory, modifyWindow, extended);
    }

    public ReceiverSettings withPartialDirectory(PartialDirectory partialDirectory) {
        return new ReceiverSettings(limits, backup, references, ownerMaps, partialDirectory, modifyWindow, extended);
    }

    public ReceiverSettings withModifyWindow(int modifyWindow) {
        return new ReceiverSettings(limits, backup, references, ownerMaps, partialDirectory, modifyWindow, extended);
    }

    public ReceiverSettings withExtended(ExtendedOptions extended) {
        return new ReceiverSettings(limits, backup, references, ownerMaps, partialDirectory, modifyWindow, extended);
    }

    int encodedSize() {
        return TransferLimits.SIZE + backup.encodedSize() + references.encodedSize()
                + (ownerMaps.any() ? ownerMaps.encodedSize() : 0)
                + (partialDirectory.any() ? partialDirectory.encodedSize() : 0) + (modifyWindow != 0 ? 4 : 0)
                + extended.encodedSize();
    }

    void encode(ByteBuffer out) {
        limits.encode(out);
        backup.encode(out);
        references.encode(out);
        if (ownerMaps.any()) {
            ownerMaps.encode(out);
        }
        if (partialDirectory.any()) {
            partialDirectory.encode(out);
        }
        if (modifyWindow != 0) {
            out.putInt(modifyWindow);
        }
        extended.encode(out);
    }

    /** The settings a REQUEST with {@code flags} ends with. */
    static ReceiverSettings decode(ByteBuffer in, long flags) throws ProtocolException {
        TransferLimits limits = TransferLimits.decode(in);
        BackupRule backup = BackupRule.decode(in);
        ReferenceDirectories references = ReferenceDirectories.decode(in);
        OwnerMaps ownerMaps = (flags & SessionRequest.OWNER_MAPS) != 0 ? OwnerMaps.decode(in) : OwnerMaps.NONE;
        PartialDirectory partialDirectory = (flags & SessionRequest.PARTIAL_DIR) != 0 ? PartialDirectory.decode(in)
                : PartialDirectory.NONE;
        if ((flags & (SessionRequest.PARTIAL_DIR | SessionRequest.PARTIAL)) == SessionRequest.PARTIAL_DIR) {
            throw new ProtocolException("malformed REQUEST: a partial directory without PARTIAL");
        }
        int modifyWindow = 0;
        if ((flags & SessionRequest.MODIFY_WINDOW) != 0) {
            if (in.remaining() < 4) {
                throw new ProtocolException("REQUEST truncated in its modify window");
            }
            modifyWindow = in.getInt();
            if (modifyWindow == 0 || modifyWindow < -1) {
                throw new ProtocolException("malformed REQUEST modify window " + modifyWindow);
            }
        }
        ExtendedOptions extended = ExtendedOptions.decode(in);
        if (extended.has(ExtendedOptions.LIST_ONLY) && (flags & SessionRequest.DRY_RUN) == 0) {
            throw new ProtocolException("malformed REQUEST: LIST_ONLY without DRY_RUN");
        }
        if (extended.has(ExtendedOptions.DELETE_DURING) && !deletesDuring(flags, limits, extended)) {
            throw new ProtocolException("malformed REQUEST: DELETE_DURING without --delete as rsync's --delete-during");
        }
        return new ReceiverSettings(limits, backup, references, ownerMaps, partialDirectory, modifyWindow, extended);
    }

    /**
     * Whether a request with {@code flags} deletes as rsync's --delete-during where the sender
     * lists a directory's children as one (extended flag DELETE_DURING may be set): --delete,
     * not after the transfer, not before it, without --max-delete (which deletes at the end),
     * without -m (which drops directories after their parent's children are listed), and without
     * FILES_FROM or --no-implied-dirs (whose directories are listed without their children).
     */
    public static boolean deletesDuring(long flags, TransferLimits limits, ExtendedOptions extended) {
        return (flags & SessionRequest.DELETE) != 0
                && (flags & (SessionRequest.DELETE_AFTER | SessionRequest.PRUNE_EMPTY_DIRS | SessionRequest.FILES_FROM)) == 0
                && limits.maxDelete() < 0 && !extended.has(ExtendedOptions.DELETE_BEFORE)
                && !extended.has(ExtendedOptions.NO_IMPLIED_DIRS);
    }
}
