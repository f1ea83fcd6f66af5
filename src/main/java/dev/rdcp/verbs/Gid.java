package dev.rdcp.verbs;

import java.util.Arrays;
import java.util.HexFormat;

/** A 128-bit global identifier in network byte order: an IPv6 address on RoCE. */
public final class Gid {

    public static final int LENGTH = 16;
    public static final Gid ZERO = new Gid(new byte[LENGTH]);

    private final byte[] raw;

    private Gid(byte[] raw) {
        this.raw = raw;
    }

    public static Gid of(byte[] raw) {
        if (raw.length != LENGTH) {
            throw new IllegalArgumentException("a GID has 16 bytes, not " + raw.length);
        }
        return new Gid(raw.clone());
    }

    public byte[] toBytes() {
        return raw.clone();
    }

    public boolean isZero() {
        return equals(ZERO);
    }

    /** True for ::ffff:a.b.c.d, the GID of an IPv4 address on RoCE v2. */
    public boolean isIpv4Mapped() {
        for (int i = 0; i < 10; i++) {
            if (raw[i] != 0) {
                return false;
            }
        }
        return raw[10] == (byte) 0xff && raw[11] == (byte) 0xff;
    }

    /** Eight groups of four hex digits, as ibv_devinfo prints them. */
    @Override
    public String toString() {
        String hex = HexFormat.of().formatHex(raw);
        StringBuilder text = new StringBuilder(39);
        for (int i = 0; i < hex.length(); i += 4) {
            if (i > 0) {
                text.append(':');
            }
            text.append(hex, i, i + 4);
        }
        return text.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Gid gid && Arrays.equals(raw, gid.raw);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(raw);
    }
}
