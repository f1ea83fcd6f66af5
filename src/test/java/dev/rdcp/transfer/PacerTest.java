package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PacerTest {

    private final AtomicLong now = new AtomicLong(5_000_000_000L);

    @Test
    void noLimitNeverHolds() {
        Pacer pacer = new Pacer(0, now::get);
        pacer.start();
        assertEquals(0, pacer.delayMillis(Long.MAX_VALUE / 2));
    }

    @Test
    void holdsUntilTheAverageRateIsUnderTheLimit() {
        Pacer pacer = new Pacer(1_000_000, now::get);
        pacer.start();
        assertEquals(0, pacer.delayMillis(0));
        assertEquals(1000, pacer.delayMillis(1_000_000), "a second's worth at once: wait a second");
        now.addAndGet(400_000_000L);
        assertEquals(600, pacer.delayMillis(1_000_000));
        now.addAndGet(600_000_000L);
        assertEquals(0, pacer.delayMillis(1_000_000), "on schedule");
        now.addAndGet(999_900_000L);
        assertEquals(1, pacer.delayMillis(2_000_000), "less than a millisecond ahead still waits one");
    }
}
