package dev.rdcp.verbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GidTest {

    @Test
    void printsLikeIbvDevinfo() {
        byte[] raw = new byte[16];
        raw[0] = (byte) 0xfe;
        raw[1] = (byte) 0x80;
        raw[15] = 0x34;
        assertEquals("fe80:0000:0000:0000:0000:0000:0000:0034", Gid.of(raw).toString());
    }

    @Test
    void recognisesIpv4MappedAndZero() {
        byte[] raw = new byte[16];
        assertTrue(Gid.of(raw).isZero());
        raw[10] = (byte) 0xff;
        raw[11] = (byte) 0xff;
        raw[12] = 10;
        assertTrue(Gid.of(raw).isIpv4Mapped());
        assertFalse(Gid.of(raw).isZero());
        raw[0] = 1;
        assertFalse(Gid.of(raw).isIpv4Mapped());
    }

    @Test
    void isAValueCopiedOnTheWayInAndOut() {
        byte[] raw = new byte[16];
        Gid gid = Gid.of(raw);
        raw[0] = 9;
        assertTrue(gid.isZero());
        gid.toBytes()[0] = 9;
        assertTrue(gid.isZero());
        assertThrows(IllegalArgumentException.class, () -> Gid.of(new byte[4]));
    }

    @Test
    void pathMtuIsTheSmallerOfTwo() {
        assertEquals(Mtu.MTU_1024, Mtu.min(Mtu.MTU_4096, Mtu.MTU_1024));
        assertEquals(Mtu.MTU_2048, Mtu.min(Mtu.MTU_2048, Mtu.MTU_4096));
        assertEquals(Mtu.MTU_4096, Mtu.ofCode(5));
    }
}
