package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.protocol.RdcpException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

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

    /**
     * An IPv6 host picks any address of its /64 at will: known by address, each connection from a
     * fresh one was a first guess, and the pauses held nobody back.
     */
    @Test
    void anIpv6ClientIsKnownByItsSlash64() throws Exception {
        backoff.failed(InetAddress.getByName("2001:db8:0:7::1"));
        assertEquals(SECOND, backoff.remainingNanos(InetAddress.getByName("2001:db8:0:7:a:b:c:d")));
        assertThrows(RdcpException.class, () -> backoff.check(InetAddress.getByName("2001:db8:0:7::2"), () -> true));
        assertEquals(0, backoff.remainingNanos(InetAddress.getByName("2001:db8:0:8::1")));
        assertEquals(0, backoff.remainingNanos(address(1)));
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

    /**
     * A second answer from an address waits for the check of the first, and once that failed is
     * refused without being checked; another address is checked meanwhile.
     */
    @Test
    @Timeout(60)
    void answersFromOneAddressAreCheckedOneAtATimeAndRefusedOnceOneFailed() throws Exception {
        InetAddress client = address(1);
        CountDownLatch firstChecking = new CountDownLatch(1);
        CountDownLatch firstMayFail = new CountDownLatch(1);
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> checked(client, () -> {
            firstChecking.countDown();
            awaitQuietly(firstMayFail);
            return false;
        }));
        firstChecking.await();
        AtomicBoolean secondChecked = new AtomicBoolean();
        CompletableFuture<Boolean> second = new CompletableFuture<>();
        Thread secondThread = new Thread(() -> {
            try {
                second.complete(backoff.check(client, () -> {
                    secondChecked.set(true);
                    return false;
                }));
            } catch (Exception e) {
                second.completeExceptionally(e);
            }
        });
        secondThread.start();
        while (secondThread.getState() != Thread.State.WAITING && secondThread.getState() != Thread.State.TERMINATED) {
            Thread.sleep(10);
        }
        assertTrue(backoff.check(address(2), () -> true), "another address waits for nobody");
        firstMayFail.countDown();
        assertFalse(first.get());
        ExecutionException refused = assertThrows(ExecutionException.class, second::get);
        assertInstanceOf(RdcpException.class, refused.getCause());
        assertTrue(refused.getCause().getMessage().contains("try again in 1 s"), refused.getCause()::getMessage);
        assertFalse(secondChecked.get(), "the second answer was checked");
        assertEquals(SECOND, backoff.remainingNanos(client), "the refused answer counts as no failure of its own");
    }

    private boolean checked(InetAddress client, BooleanSupplier check) {
        try {
            return backoff.check(client, check);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
