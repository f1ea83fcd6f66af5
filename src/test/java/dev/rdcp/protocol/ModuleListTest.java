package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModuleListTest {

    private static ModuleList roundTrip(ModuleList list) throws ProtocolException {
        return ModuleList.decode(list.encode().flip());
    }

    @Test
    void namesAndCommentsRoundTrip() throws ProtocolException {
        ModuleList list = new ModuleList(false, List.of(new ModuleList.Module("alpha", "first one"),
                new ModuleList.Module("beta", ""), new ModuleList.Module("données", "été")));
        assertEquals(list, roundTrip(list));
        assertEquals(new ModuleList(true, List.of()), roundTrip(new ModuleList(true, List.of())));
    }

    @Test
    void longNamesAndCommentsAreCutAtACharacterBoundary() throws ProtocolException {
        ModuleList.Module module = new ModuleList.Module("é".repeat(200), "x".repeat(5000));
        assertEquals(254, module.name().getBytes(StandardCharsets.UTF_8).length, "127 two-byte characters");
        assertEquals(ModuleList.MAX_COMMENT, module.comment().length());
        assertEquals(List.of(module), roundTrip(new ModuleList(false, List.of(module))).modules());
    }

    @Test
    void aListLargerThanAFrameIsCutToWhatFits() throws ProtocolException {
        List<ModuleList.Module> many = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            many.add(new ModuleList.Module("module" + i, "c".repeat(1000)));
        }
        ByteBuffer encoded = new ModuleList(false, many).encode();
        assertTrue(encoded.position() <= Frames.MAX_PAYLOAD);
        List<ModuleList.Module> decoded = ModuleList.decode(encoded.flip()).modules();
        assertTrue(decoded.size() > 50 && decoded.size() < 200, "kept " + decoded.size());
        assertEquals(many.subList(0, decoded.size()), decoded);
    }

    @Test
    void malformedListsAreProtocolErrors() {
        byte[][] bad = {
            {},
            {0, 0},
            {2, 0, 0},
            {0, 0, 1},
            {0, 0, 1, 0, 0, 0},
            {0, 0, 1, 3, 'a', 'b'},
            {0, 0, 1, 1, 'a', 0, 3, 'x'},
            {0, 0, 1, 1, 'a', 0, 0, 9},
            {0, 0, 1, 1, 'a', 0x7f, (byte) 0xff},
            {0, (byte) 0xff, (byte) 0xff, 1, 'a', 0, 0},
        };
        for (byte[] payload : bad) {
            assertThrows(ProtocolException.class, () -> ModuleList.decode(ByteBuffer.wrap(payload)),
                    java.util.Arrays.toString(payload));
        }
    }
}
