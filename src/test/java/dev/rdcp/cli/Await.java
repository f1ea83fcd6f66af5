package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Polls a condition until it holds, failing after a deadline. */
final class Await {

    @FunctionalInterface
    interface Check {
        boolean holds() throws Exception;
    }

    private Await() {
    }

    static void until(String what, long timeoutMillis, Check check) throws Exception {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (!check.holds()) {
            assertTrue(System.currentTimeMillis() < deadline, "timed out waiting until " + what);
            Thread.sleep(20);
        }
    }
}
