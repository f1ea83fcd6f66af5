package dev.rdcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rdcp.protocol.ControlHeader;
import dev.rdcp.protocol.ControlType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CountedTransportTest {

    @Test
    void countsMessagesWithTheirHeadersAndWritesSentAndMessagesReceived() throws IOException {
        LoopbackTransport[] pair = LoopbackTransport.pair(5);
        try (CountedTransport sender = new CountedTransport(pair[0]);
                CountedTransport receiver = new CountedTransport(pair[1]);
                Region staging = receiver.allocate(8192, true);
                Region source = sender.allocate(8192, false)) {
            sender.startMessage(ControlType.ENTRIES).put(new byte[10]);
            sender.send();
            sender.write(source, 0, 5000, staging.address(), staging.key());
            sender.startMessage(ControlType.CHUNKS, 0).putInt(7);
            sender.send();

            List<String> seen = new ArrayList<>();
            int handled = 0;
            while (handled < 2) {
                handled += receiver.poll((type, payload) -> seen.add(type + ":" + payload.remaining()), 1000);
            }

            assertEquals(List.of("ENTRIES:10", "CHUNKS:4"), seen, "each message reaches the poller's handler whole");
            assertEquals(2L * ControlHeader.SIZE + 10 + 4 + 5000, sender.bytesSent());
            assertEquals(0, sender.messageBytesReceived());
            assertEquals(2L * ControlHeader.SIZE + 10 + 4, receiver.messageBytesReceived());
            assertEquals(0, receiver.bytesSent());
        }
    }

    @Test
    void aMessageThatFailsToSendIsNotCounted() throws IOException {
        LoopbackTransport[] pair = LoopbackTransport.pair(5);
        try (CountedTransport sender = new CountedTransport(pair[0])) {
            pair[1].close();
            ByteBuffer payload = sender.startMessage(ControlType.ENTRIES);
            payload.put(new byte[3]);
            assertThrows(IOException.class, sender::send);
            assertEquals(0, sender.bytesSent());
        }
    }
}
