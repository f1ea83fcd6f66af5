package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RunTimeLimitTest {

    @Test
    void aDeadlineThatHasPassedIsReachedAtOnce() throws Exception {
        CountDownLatch reached = new CountDownLatch(1);
        try (RunTimeLimit limit = RunTimeLimit.start(Instant.now().minusSeconds(1), Clock.systemUTC(),
                reached::countDown)) {
            assertTrue(reached.await(30, TimeUnit.SECONDS));
        }
    }

    /** --stop-after's largest values put the deadline at the end of time: a wait, not an overflow. */
    @Test
    void theEndOfTimeIsNeverReached() {
        CountDownLatch reached = new CountDownLatch(1);
        try (RunTimeLimit limit = RunTimeLimit.start(Instant.MAX, Clock.systemUTC(), reached::countDown)) {
            assertEquals(1, reached.getCount());
        }
    }
}
