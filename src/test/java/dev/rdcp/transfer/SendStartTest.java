package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rdcp.protocol.Decision;
import dev.rdcp.protocol.ProtocolException;
import org.junit.jupiter.api.Test;

/** Where the sender starts a file, as the receiver's decision says (RESUME for --partial and --append-verify, APPEND). */
class SendStartTest {

    private static final long SIZE = 10_000;
    /** A sender whose digest of any prefix is its length. */
    private static final FileSender.PrefixDigest OWN = length -> (int) length;

    @Test
    void anAppendStartsWhereTheReceiverSaysUnchecked() throws Exception {
        assertEquals(4321, FileSender.start(new Decision(0, Decision.Kind.APPEND, 4321, 0), SIZE, length -> {
            throw new AssertionError("an APPEND is not checked");
        }));
        assertEquals(SIZE - 1, FileSender.start(new Decision(0, Decision.Kind.APPEND, SIZE - 1, 0), SIZE, OWN));
    }

    @Test
    void anAppendAtOrBeyondTheEndIsAProtocolError() {
        for (long offset : new long[] {SIZE, SIZE + 1, Long.MAX_VALUE}) {
            assertThrows(ProtocolException.class,
                    () -> FileSender.start(new Decision(3, Decision.Kind.APPEND, offset, 0), SIZE, OWN), "offset " + offset);
        }
    }

    @Test
    void aResumeStartsThereOnlyWhenTheDigestsAgree() throws Exception {
        assertEquals(777, FileSender.start(new Decision(0, Decision.Kind.RESUME, 777, 777), SIZE, OWN));
        assertEquals(0, FileSender.start(new Decision(0, Decision.Kind.RESUME, 777, 778), SIZE, OWN));
        assertEquals(0, FileSender.start(new Decision(0, Decision.Kind.RESUME, SIZE + 1, (int) SIZE + 1), SIZE, OWN));
    }

    @Test
    void sendAndSkipStartAtZero() throws Exception {
        assertEquals(0, FileSender.start(new Decision(0, Decision.Kind.SEND, 500, 0), SIZE, OWN));
        assertEquals(0, FileSender.start(new Decision(0, Decision.Kind.SKIP, 500, 0), SIZE, OWN));
    }
}
