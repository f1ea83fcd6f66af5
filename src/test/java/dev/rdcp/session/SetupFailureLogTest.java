package dev.rdcp.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SetupFailureLogTest {

    private static final long INTERVAL = 60_000_000_000L;

    private final AtomicLong now = new AtomicLong(1_000);
    private final List<String> lines = new ArrayList<>();
    private final SetupFailureLog log = new SetupFailureLog(INTERVAL, now::get, lines::add);

    private static InetAddress address(String text) throws Exception {
        return InetAddress.getByName(text);
    }

    @Test
    void aFloodFromOneAddressIsItsFirstLineAndACount() throws Exception {
        for (int i = 0; i < 1_000; i++) {
            log.failed(address("192.0.2.7"), "/192.0.2.7:" + (40000 + i) + ": garbage " + i);
        }
        assertEquals(List.of("/192.0.2.7:40000: garbage 0"), lines);
        log.summarize();
        assertEquals(1, lines.size(), "the interval is not over: " + lines);
        now.addAndGet(INTERVAL);
        log.summarize();
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(1).startsWith("192.0.2.7: 999 more connections failed before authenticating"), lines.get(1));
        log.summarize();
        assertEquals(2, lines.size(), "said once: " + lines);
    }

    @Test
    void theNextIntervalLogsItsFirstFailureAgainAfterTheSummary() throws Exception {
        log.failed(address("192.0.2.7"), "first");
        log.failed(address("192.0.2.7"), "second");
        now.addAndGet(INTERVAL);
        log.failed(address("192.0.2.7"), "third");
        assertEquals(3, lines.size(), lines.toString());
        assertEquals("first", lines.get(0));
        assertTrue(lines.get(1).contains(": 1 more connection failed"), lines.get(1));
        assertEquals("third", lines.get(2));
    }

    @Test
    void eachAddressHasItsFirstFailureLoggedAndAnIpv6NetworkIsOneClient() throws Exception {
        log.failed(address("192.0.2.7"), "a");
        log.failed(address("192.0.2.8"), "b");
        log.failed(address("2001:db8::1"), "c");
        log.failed(address("2001:db8::2"), "d");
        assertEquals(List.of("a", "b", "c"), lines);
        log.summarizeAll();
        assertEquals(4, lines.size(), lines.toString());
        assertTrue(lines.get(3).startsWith("2001:db8:0:0:0:0:0:0: 1 more connection"), lines.get(3));
    }

    @Test
    void clientsBeyondTheTableAreCountedTogether() throws Exception {
        for (int i = 0; i < SetupFailureLog.MAX_CLIENTS + 500; i++) {
            log.failed(InetAddress.getByAddress(new byte[] {10, 0, (byte) (i >> 8), (byte) i}), "client " + i);
        }
        assertEquals(SetupFailureLog.MAX_CLIENTS, lines.size());
        now.addAndGet(INTERVAL);
        log.summarize();
        assertEquals(SetupFailureLog.MAX_CLIENTS + 1, lines.size());
        assertTrue(lines.get(lines.size() - 1).startsWith("500 connections from clients beyond the "), lines.toString());
    }
}
