package dev.rdcp.verbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class GidSelectionTest {

    private static Gid gid(int... bytes) {
        byte[] raw = new byte[16];
        for (int i = 0; i < bytes.length; i++) {
            raw[16 - bytes.length + i] = (byte) bytes[i];
        }
        return Gid.of(raw);
    }

    private static final Gid LINK_LOCAL = Gid.of(new byte[] {(byte) 0xfe, (byte) 0x80, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 1});
    private static final Gid IPV4 = gid(0xff, 0xff, 10, 0, 0, 1);

    @Test
    void prefersRoceV2Ipv4MappedThenRoceV2ThenV1() {
        List<GidEntry> gids = List.of(new GidEntry(0, LINK_LOCAL, GidType.ROCE_V1),
                new GidEntry(1, LINK_LOCAL, GidType.ROCE_V2), new GidEntry(2, IPV4, GidType.ROCE_V1),
                new GidEntry(3, IPV4, GidType.ROCE_V2));
        assertEquals(3, select(gids, -1).index());
        assertEquals(1, select(gids.subList(0, 2), -1).index());
        assertEquals(0, select(gids.subList(0, 1), -1).index());
    }

    @Test
    void infinibandTakesTheLowestIndex() throws Exception {
        List<GidEntry> gids = List.of(new GidEntry(0, LINK_LOCAL, GidType.IB), new GidEntry(1, IPV4, GidType.IB));
        assertEquals(0, GidSelection.select(gids, LinkLayer.INFINIBAND, -1).index());
    }

    @Test
    void explicitIndexMustExist() throws Exception {
        List<GidEntry> gids = List.of(new GidEntry(0, LINK_LOCAL, GidType.ROCE_V2));
        assertEquals(0, GidSelection.select(gids, LinkLayer.ETHERNET, 0).index());
        RdmaUnavailableException e = assertThrows(RdmaUnavailableException.class,
                () -> GidSelection.select(gids, LinkLayer.ETHERNET, 3));
        assertTrue(e.getMessage().contains("valid indexes: 0"), e.getMessage());
    }

    @Test
    void noUsableGidIsExplained() {
        assertThrows(RdmaUnavailableException.class, () -> GidSelection.select(List.of(), LinkLayer.ETHERNET, -1));
    }

    private static GidEntry select(List<GidEntry> gids, int index) {
        try {
            return GidSelection.select(gids, LinkLayer.ETHERNET, index);
        } catch (RdmaUnavailableException e) {
            throw new AssertionError(e);
        }
    }
}
