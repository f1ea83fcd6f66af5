package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LogBackendTest {

    @Test
    void aPlainCopyOrListingGetsTheSimpleLogger() {
        assertFalse(LogBackend.wantsCore(new String[] {"-a", "--delete", "src/", "host::dst"}));
        assertFalse(LogBackend.wantsCore(new String[] {"devices"}));
        assertFalse(LogBackend.wantsCore(new String[] {"--server", "--timeout", "30"}));
        assertFalse(LogBackend.wantsCore(new String[] {"--info=progress2", "-n", "src", "host:dst"}));
    }

    @Test
    void verboseInAnyFormGetsCore() {
        assertTrue(LogBackend.wantsCore(new String[] {"-v", "src", "host::dst"}));
        assertTrue(LogBackend.wantsCore(new String[] {"-avz", "src", "host::dst"}));
        assertTrue(LogBackend.wantsCore(new String[] {"src", "host::dst", "--verbose"}));
        assertTrue(LogBackend.wantsCore(new String[] {"-a", "-vv", "src", "host::dst"}));
    }

    @Test
    void quietOnlyFromTheOptionNotFromAPatternThatStartsWithQ() {
        assertTrue(LogBackend.quiet(new String[] {"-aq", "src", "host::dst"}));
        assertTrue(LogBackend.quiet(new String[] {"--quiet", "src", "host::dst"}));
        assertFalse(LogBackend.quiet(new String[] {"--exclude", "-q*", "src", "host::dst"}));
        assertFalse(LogBackend.quiet(new String[] {"-a", "--", "-q", "host::dst"}));
    }

    @Test
    void theDaemonGetsCore() {
        assertTrue(LogBackend.wantsCore(new String[] {"serve", "--root", "/srv"}));
    }

    @Test
    void operandsAfterTheEndOfOptionsAreNotOptions() {
        assertFalse(LogBackend.wantsCore(new String[] {"-a", "--", "-v", "host::dst"}));
        assertFalse(LogBackend.wantsCore(new String[] {"--", "serve", "host::dst"}));
    }
}
