package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What the receiving side did (or, in a dry run, would do) to one listed entry, in rsync's
 * {@code %i} terms, with the entry's type, mode, size and time for the output lines. On the wire
 * (the text of an ITEMIZED report, version 5) only {@code 11 bytes of %i (ASCII), u16 name
 * length, name, u16 link length, link}: the link is a symlink's target or, for a hard link, its
 * other name; the type follows from %i's X, and the sender has the rest in its own list. That
 * keeps a report smaller than the entry it answers, so itemizing a whole tree cannot make the
 * receiver's reports outgrow its answers. At most {@link Report#MAX_TEXT} bytes: a link that
 * would not fit is left out (the line then shows no {@code -> target}).
 */
public record ItemizedChange(String flags, EntryType type, int mode, long size, long mtimeSeconds, byte[] name,
        byte[] link) {

    public static final int FLAGS = 11;
    public static final int FIXED_SIZE = FLAGS + 2 + 2;

    public ItemizedChange {
        if (flags.length() != FLAGS || !StandardCharsets.US_ASCII.newEncoder().canEncode(flags)) {
            throw new IllegalArgumentException("itemized flags must be 11 ASCII characters: '" + flags + "'");
        }
        if (FIXED_SIZE + name.length > Report.MAX_TEXT) {
            name = Arrays.copyOf(name, Report.MAX_TEXT - FIXED_SIZE);
        }
        if (FIXED_SIZE + name.length + link.length > Report.MAX_TEXT) {
            link = new byte[0];
        }
    }

    /** A deletion: rsync's {@code *deleting} line. */
    public static ItemizedChange deleted(byte[] name) {
        return new ItemizedChange("*deleting  ", EntryType.FILE, 0, 0, 0, name, new byte[0]);
    }

    /** True for a transfer of data ({@code <} or {@code >}). */
    public boolean transferred() {
        return flags.charAt(0) == '>' || flags.charAt(0) == '<';
    }

    /** The same change as the sending side prints it: a received file is a sent one there. */
    public ItemizedChange asSent() {
        return flags.charAt(0) == '>' ? new ItemizedChange('<' + flags.substring(1), type, mode, size, mtimeSeconds,
                name, link) : this;
    }

    /** The same change as a receiving side prints it (a local copy's, where rsync shows {@code >}). */
    public ItemizedChange asReceived() {
        return flags.charAt(0) == '<' ? new ItemizedChange('>' + flags.substring(1), type, mode, size, mtimeSeconds,
                name, link) : this;
    }

    /** The same change with the size, mode and time of {@code entry}, as the sender listed it. */
    public ItemizedChange withDetails(Entry entry) {
        return new ItemizedChange(flags, type, entry.mode(), entry.size(), entry.mtimeSeconds(), name, link);
    }

    public int encodedSize() {
        return FIXED_SIZE + name.length + link.length;
    }

    public byte[] encode() {
        ByteBuffer out = ByteBuffer.allocate(encodedSize());
        out.put(flags.getBytes(StandardCharsets.US_ASCII)).putShort((short) name.length).put(name)
                .putShort((short) link.length).put(link);
        return out.array();
    }

    public static ItemizedChange decode(byte[] text) throws ProtocolException {
        ByteBuffer in = ByteBuffer.wrap(text);
        if (text.length < FIXED_SIZE || text.length > Report.MAX_TEXT) {
            throw new ProtocolException("itemized change of " + text.length + " bytes");
        }
        byte[] flags = new byte[FLAGS];
        in.get(flags);
        for (byte b : flags) {
            if (b < 0x20 || b > 0x7e) {
                throw new ProtocolException("itemized flags are not printable ASCII");
            }
        }
        byte[] name = Entry.lengthPrefixed(in, "itemized change");
        byte[] link = Entry.lengthPrefixed(in, "itemized change");
        if (in.hasRemaining() || name.length == 0) {
            throw new ProtocolException("malformed itemized change");
        }
        EntryType type = switch (flags[1]) {
            case 'd' -> EntryType.DIRECTORY;
            case 'L' -> EntryType.SYMLINK;
            case 'D' -> EntryType.DEVICE;
            case 'S' -> EntryType.SPECIAL;
            default -> EntryType.FILE;
        };
        return new ItemizedChange(new String(flags, StandardCharsets.US_ASCII), type, 0, 0, 0, name, link);
    }
}
