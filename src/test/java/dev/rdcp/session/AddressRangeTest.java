package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

class AddressRangeTest {

    private static InetAddress ip(String literal) throws UnknownHostException {
        return InetAddress.getByName(literal);
    }

    @Test
    void anIpv4NetworkHoldsItsAddressesOnly() throws UnknownHostException {
        AddressRange range = AddressRange.parse("10.1.0.0/16");
        assertTrue(range.contains(ip("10.1.0.1")));
        assertTrue(range.contains(ip("10.1.255.254")));
        assertFalse(range.contains(ip("10.2.0.1")));
        assertFalse(range.contains(ip("::1")));
    }

    @Test
    void aNetmaskIsItsPrefixLength() throws UnknownHostException {
        assertEquals(24, AddressRange.parse("192.168.7.0/255.255.255.0").prefixBits());
        assertTrue(AddressRange.parse("192.168.7.0/255.255.255.0").contains(ip("192.168.7.9")));
        assertFalse(AddressRange.parse("192.168.7.0/255.255.255.0").contains(ip("192.168.8.9")));
    }

    @Test
    void aBareAddressIsOneHost() throws UnknownHostException {
        AddressRange one = AddressRange.parse("127.0.0.1");
        assertTrue(one.contains(ip("127.0.0.1")));
        assertFalse(one.contains(ip("127.0.0.2")));
    }

    @Test
    void ipv6NetworksWork() throws UnknownHostException {
        AddressRange range = AddressRange.parse("fd00:1::/32");
        assertTrue(range.contains(ip("fd00:1::5")));
        assertFalse(range.contains(ip("fd00:2::5")));
        assertFalse(range.contains(ip("10.0.0.1")));
        assertTrue(AddressRange.parse("0.0.0.0/0").contains(ip("203.0.113.4")));
    }

    @Test
    void hostNamesAndMalformedRangesAreRefused() {
        IllegalArgumentException name = assertThrows(IllegalArgumentException.class,
                () -> AddressRange.parse("*.example.com"));
        assertTrue(name.getMessage().contains("host names are not supported"), name.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AddressRange.parse("10.0.0.0/33"));
        assertThrows(IllegalArgumentException.class, () -> AddressRange.parse("10.0.0.0/x"));
        assertThrows(IllegalArgumentException.class, () -> AddressRange.parse("10.0.0.0/255.0.255.0"));
        assertThrows(IllegalArgumentException.class, () -> AddressRange.parse("::1/129"));
        assertThrows(IllegalArgumentException.class, () -> AddressRange.parse("300.1.1.1"));
    }
}
