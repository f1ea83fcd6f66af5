package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class CountedListTest {

    @Test
    void theCountIsFilledInAfterTheItems() throws Exception {
        ByteBuffer out = ByteBuffer.allocate(16);
        out.put((byte) 9);
        int at = CountedList.start(out);
        out.putInt(0x01020304);
        CountedList.finish(out, at, 65535);
        ByteBuffer in = out.flip().position(1);
        assertEquals(65535, CountedList.read(in, ControlType.ENTRIES), "unsigned");
        assertEquals(0x01020304, in.getInt(), "the items follow the count");
    }

    @Test
    void aCountThatDoesNotFitIsRefusedAtTheWriter() {
        ByteBuffer out = ByteBuffer.allocate(4);
        int at = CountedList.start(out);
        assertThrows(IllegalArgumentException.class, () -> CountedList.finish(out, at, 65536));
        assertThrows(IllegalArgumentException.class, () -> CountedList.finish(out, at, -1));
    }

    @Test
    void aPayloadTooShortForTheCountIsAProtocolError() {
        ProtocolException e = assertThrows(ProtocolException.class,
                () -> CountedList.read(ByteBuffer.wrap(new byte[] {1}), ControlType.WANTS));
        assertEquals("WANTS payload too short", e.getMessage());
    }
}
