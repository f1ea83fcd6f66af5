package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * An entry's extended attributes (version 6, sent after each entry of an ENTRIES message when
 * REQUEST bit 35 or 36 is set): {@code u16 count}, then each attribute as {@code u8 name length,
 * name, u32 value length, value}. Names are 1 to 255 bytes without NUL (Linux's XATTR_NAME_MAX),
 * unique and in ascending byte order, so one set has one encoding; a value is at most 65,536 bytes
 * (XATTR_SIZE_MAX). The whole set must fit the room its entry leaves in one control message, so a
 * peer cannot make an entry carry more than a message holds.
 */
public record Xattrs(List<Xattr> attributes) {

    /** One attribute: its full name with its namespace ({@code user.}, {@code trusted.}, ...) and its value. */
    public record Xattr(byte[] name, byte[] value) {

        public Xattr {
            if (name.length == 0 || name.length > MAX_NAME || indexOfNul(name) >= 0) {
                throw new IllegalArgumentException("an extended attribute name of " + name.length + " bytes");
            }
            if (value.length > MAX_VALUE) {
                throw new IllegalArgumentException("an extended attribute value of " + value.length + " bytes");
            }
        }

        int encodedSize() {
            return 1 + name.length + 4 + value.length;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Xattr x && Arrays.equals(name, x.name) && Arrays.equals(value, x.value);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(name) + Arrays.hashCode(value);
        }

        @Override
        public String toString() {
            return "Xattr[" + new String(name, java.nio.charset.StandardCharsets.UTF_8) + ", " + value.length
                    + " bytes]";
        }
    }

    public static final int MAX_NAME = 255;
    public static final int MAX_VALUE = 65536;
    public static final Xattrs NONE = new Xattrs(List.of());
    /** The room one entry and its attributes share: a control message less its header and the ENTRIES count. */
    private static final int ENTRY_ROOM = ControlHeader.MAX_MESSAGE - ControlHeader.SIZE - 2;

    /** The set in canonical order; the same name twice is refused. */
    public Xattrs {
        List<Xattr> sorted = new ArrayList<>(attributes);
        sorted.sort(Comparator.comparing(Xattr::name, Arrays::compareUnsigned));
        for (int i = 1; i < sorted.size(); i++) {
            if (Arrays.equals(sorted.get(i - 1).name(), sorted.get(i).name())) {
                throw new IllegalArgumentException("an extended attribute named twice");
            }
        }
        attributes = List.copyOf(sorted);
    }

    /**
     * The bytes {@code entry}'s attributes may take so that both fit one ENTRIES message, its
     * access time included where {@code accessTime} (a session with --atimes).
     */
    public static int roomAfter(Entry entry, boolean accessTime) {
        return ENTRY_ROOM - entry.encodedSize(accessTime);
    }

    public boolean isEmpty() {
        return attributes.isEmpty();
    }

    public int encodedSize() {
        int size = 2;
        for (Xattr attribute : attributes) {
            size += attribute.encodedSize();
        }
        return size;
    }

    public void encode(ByteBuffer out) {
        out.putShort((short) attributes.size());
        for (Xattr attribute : attributes) {
            out.put((byte) attribute.name().length).put(attribute.name()).putInt(attribute.value().length)
                    .put(attribute.value());
        }
    }

    /** Decodes a set of at most {@code room} bytes; anything its encoder would not write is refused. */
    public static Xattrs decode(ByteBuffer in, int room) throws ProtocolException {
        if (in.remaining() < 2 || room < 2) {
            throw new ProtocolException("extended attributes truncated");
        }
        int count = Short.toUnsignedInt(in.getShort());
        int used = 2;
        // Each attribute takes at least 6 bytes: the count cannot size the list beyond what the bytes hold.
        List<Xattr> attributes = new ArrayList<>(Math.min(count, in.remaining() / 6));
        byte[] previous = null;
        for (int i = 0; i < count; i++) {
            if (in.remaining() < 1) {
                throw new ProtocolException("extended attributes truncated");
            }
            int nameLength = Byte.toUnsignedInt(in.get());
            if (nameLength == 0 || in.remaining() < nameLength + 4) {
                throw new ProtocolException("extended attribute name truncated");
            }
            byte[] name = new byte[nameLength];
            in.get(name);
            long valueLength = Integer.toUnsignedLong(in.getInt());
            used += 1 + nameLength + 4;
            if (valueLength > MAX_VALUE || used + valueLength > room || in.remaining() < valueLength) {
                throw new ProtocolException("extended attribute value of " + valueLength + " bytes");
            }
            byte[] value = new byte[(int) valueLength];
            in.get(value);
            used += value.length;
            if (indexOfNul(name) >= 0 || (previous != null && Arrays.compareUnsigned(previous, name) >= 0)) {
                throw new ProtocolException("extended attribute names not unique, ascending and free of NUL");
            }
            previous = name;
            attributes.add(new Xattr(name, value));
        }
        if (used > room) {
            throw new ProtocolException("extended attributes of " + used + " bytes");
        }
        return new Xattrs(attributes);
    }

    /** The value named {@code name}, or null. */
    public byte[] get(byte[] name) {
        for (Xattr attribute : attributes) {
            if (Arrays.equals(attribute.name(), name)) {
                return attribute.value();
            }
        }
        return null;
    }

    private static int indexOfNul(byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                return i;
            }
        }
        return -1;
    }
}
