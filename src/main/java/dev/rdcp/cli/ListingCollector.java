package dev.rdcp.cli;

import dev.rdcp.protocol.EntryType;
import dev.rdcp.protocol.ItemizedChange;
import dev.rdcp.transfer.FileNames;
import dev.rdcp.transfer.TransferListener;
import java.util.Arrays;

/**
 * --list-only of a remote source: a dry-run pull into an empty directory, itemizing every entry,
 * whose changes (each entry's type, mode, size and time) become the listing.
 */
final class ListingCollector implements TransferListener {

    private final Listing listing = new Listing();
    /** -l: rsync's sender sends a symlink's target only then, so only then does its line show it. */
    private final boolean links;

    ListingCollector(boolean links) {
        this.links = links;
    }

    @Override
    public void itemized(ItemizedChange change) {
        byte[] name = change.name();
        if (name.length > 1 && name[name.length - 1] == '/') {
            name = Arrays.copyOf(name, name.length - 1);
        }
        String shown = FileNames.display(name);
        // A device's entry carries its number where a file's has its size; rsync lists a device's size as 0.
        boolean node = change.type() == EntryType.DEVICE || change.type() == EntryType.SPECIAL;
        listing.add(new Listing.Item(shown.equals(".") ? "." : shown, typeBits(change.type()) | change.mode(),
                node ? 0 : change.size(), change.mtimeSeconds(),
                links && change.type() == EntryType.SYMLINK ? FileNames.display(change.link()) : null));
    }

    Listing listing() {
        return listing;
    }

    private static int typeBits(EntryType type) {
        return switch (type) {
            case DIRECTORY -> 0040000;
            case SYMLINK -> 0120000;
            case DEVICE, SPECIAL -> 0;
            default -> 0100000;
        };
    }
}
