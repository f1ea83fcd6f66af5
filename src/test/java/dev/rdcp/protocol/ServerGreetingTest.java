package dev.rdcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerGreetingTest {

    private static final String TOKEN = "0123456789abcdef".repeat(3);

    @Test
    void roundTrips() {
        ServerGreeting greeting = new ServerGreeting(40001, TOKEN);
        assertEquals("RDCP-SERVER 40001 " + TOKEN, greeting.line());
        assertEquals(Optional.of(greeting), ServerGreeting.parse(greeting.line()));
        assertEquals(Optional.of(greeting), ServerGreeting.parse(greeting.line() + "\r"));
    }

    /** Found in review: port 99999 passed the client's check and failed later as an internal error (70). */
    @Test
    void anythingElseIsNoGreeting() {
        for (String line : new String[] {null, "", "RDCP-SERVER", "RDCP-SERVER 99999 " + TOKEN,
                "RDCP-SERVER 0 " + TOKEN, "RDCP-SERVER 070 " + TOKEN, "RDCP-SERVER 1 " + TOKEN.toUpperCase(),
                "RDCP-SERVER 1 " + TOKEN + "0", "RDCP-SERVER 1 " + TOKEN + " extra", "rdcp-server 1 " + TOKEN,
                "Welcome to host\nRDCP-SERVER 1 " + TOKEN, "RDCP-SERVER 1 " + "a".repeat(300)}) {
            assertTrue(ServerGreeting.parse(line).isEmpty(), String.valueOf(line));
        }
    }

    @Test
    void onlyAPortAndAHexTokenMakeOne() {
        assertThrows(IllegalArgumentException.class, () -> new ServerGreeting(65536, TOKEN));
        assertThrows(IllegalArgumentException.class, () -> new ServerGreeting(1, "not hex"));
    }
}
