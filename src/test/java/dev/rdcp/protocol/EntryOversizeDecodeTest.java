package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Entry.decode must answer a well-framed but oversized entry with a ProtocolException, as for any malformed input. */
class EntryOversizeDecodeTest {

    @Test
    void nameAndExtraOverTheLimitAreAProtocolError() {
        byte[] name = new byte[Entry.MAX_VARIABLE];
        ByteBuffer in = ByteBuffer.allocate(Entry.FIXED_SIZE + name.length + 1);
        in.putInt(0).put((byte) EntryType.SYMLINK.code()).putInt(0).putLong(0).putInt(0).putLong(0).putInt(0).putInt(0)
                .putShort((short) name.length).put(name).putShort((short) 1).put((byte) 'x').flip();
        assertThrows(ProtocolException.class, () -> Entry.decode(in));
    }
}
