package dev.rdcp.session;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/**
 * One entry of a module's {@code hosts allow} or {@code hosts deny}: an address, or a network as
 * {@code ADDR/BITS} or {@code ADDR/NETMASK}. Host names are refused: resolving them per client
 * would let DNS decide who may connect.
 */
public record AddressRange(byte[] network, int prefixBits) {

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    /** Parses {@code 10.0.0.0/8}, {@code 192.168.1.0/255.255.255.0}, {@code fd00::/8} or a bare address. */
    public static AddressRange parse(String text) {
        int slash = text.indexOf('/');
        String address = slash < 0 ? text : text.substring(0, slash);
        byte[] network = literal(address, text);
        int bits = network.length * 8;
        if (slash >= 0) {
            String prefix = text.substring(slash + 1);
            bits = IPV4.matcher(prefix).matches() && network.length == 4 ? maskBits(literal(prefix, text), text)
                    : prefixBits(prefix, network.length * 8, text);
        }
        return new AddressRange(network, bits);
    }

    /** True when {@code address} lies in this range (an IPv4 address never lies in an IPv6 range). */
    public boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length != network.length) {
            return false;
        }
        for (int bit = 0; bit < prefixBits; bit++) {
            int mask = 0x80 >>> (bit % 8);
            if ((bytes[bit / 8] & mask) != (network[bit / 8] & mask)) {
                return false;
            }
        }
        return true;
    }

    private static byte[] literal(String address, String text) {
        if (!IPV4.matcher(address).matches() && !address.contains(":")) {
            throw new IllegalArgumentException("not an address or network: '" + text
                    + "' (give addresses or ADDR/BITS; host names are not supported)");
        }
        try {
            return InetAddress.getByName(address).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an address: '" + text + "'");
        }
    }

    private static int prefixBits(String prefix, int max, String text) {
        try {
            int bits = Integer.parseInt(prefix);
            if (bits >= 0 && bits <= max) {
                return bits;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("bad prefix length in '" + text + "' (0 to " + max + ")");
    }

    /** A netmask's length; a mask with holes (255.0.255.0) is refused rather than guessed at. */
    private static int maskBits(byte[] mask, String text) {
        int value = ((mask[0] & 0xff) << 24) | ((mask[1] & 0xff) << 16) | ((mask[2] & 0xff) << 8) | (mask[3] & 0xff);
        int bits = Integer.bitCount(value);
        if (value != (bits == 0 ? 0 : -1 << (32 - bits))) {
            throw new IllegalArgumentException("bad netmask in '" + text + "'");
        }
        return bits;
    }
}
