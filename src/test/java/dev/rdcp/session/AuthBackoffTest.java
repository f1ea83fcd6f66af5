package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

class AuthBackoffTest {

    private static final long SECOND = 1_000_000_000L;

    private long now = 1_000 * SECOND;
    private final AuthBackoff backoff = new AuthBackoff(SECOND, 8 * SECOND, () -> now);

    private static InetAddress address(int last) throws UnknownHostException {
        return InetAddress.getByAddress(new byte[] {10, 0, (byte) (last >> 8), (byte) last});
    }

    @Test
    void eachFailureDoublesThePauseUpToTheCap() throws Exception {
        InetAddress client = address(1);
        assertEquals(0, backoff.remainingNanos(client));
        long[] expected = {1, 2, 4, 8, 8, 8};
        for (long seconds : expected) {
            backoff.failed(client);
            assertEquals(seconds * SECOND, backoff.remainingNanos(client));
            now += seconds * SECOND;
            assertEquals(0, backoff.remainingNanos(client));
        }
    }

    @Test
    void thePauseCountsFromTheLastFailure() throws Exception {
        InetAddress client = address(1);
        backoff.failed(client);
        backoff.failed(client);
        now += SECOND / 2;
        assertEquals(SECOND * 3 / 2, backoff.remainingNanos(client));
    }

    @Test
    void otherAddressesAreNotHeldBack() throws Exception {
        backoff.failed(address(1));
        assertEquals(0, backoff.remainingNanos(address(2)));
    }

    @Test
    void successForgetsTheFailures() throws Exception {
        InetAddress client = address(1);
        backoff.failed(client);
        backoff.failed(client);
        backoff.succeeded(client);
        assertEquals(0, backoff.remainingNanos(client));
        backoff.failed(client);
        assertEquals(SECOND, backoff.remainingNanos(client));
    }

    @Test
    void aLongQuietStartsTheDoublingAgain() throws Exception {
        InetAddress client = address(1);
        for (int i = 0; i < 5; i++) {
            backoff.failed(client);
        }
        now += 17 * SECOND;
        backoff.failed(client);
        assertEquals(SECOND, backoff.remainingNanos(client));
    }

    @Test
    void theTableForgetsTheLeastRecentlySeenAddressWhenFull() throws Exception {
        for (int i = 0; i <= AuthBackoff.MAX_ADDRESSES; i++) {
            backoff.failed(address(i));
        }
        assertEquals(0, backoff.remainingNanos(address(0)));
        assertEquals(SECOND, backoff.remainingNanos(address(AuthBackoff.MAX_ADDRESSES)));
    }
}
