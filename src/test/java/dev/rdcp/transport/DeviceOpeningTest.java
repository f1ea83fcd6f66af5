package dev.rdcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.verbs.RdmaUnavailableException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** A device that cannot be opened is a reason for --transport auto, and nothing to take. */
class DeviceOpeningTest {

    private static final RdmaSettings MISSING = new RdmaSettings("rdcp-test-no-such-device", 1, -1, 64);

    @Test
    void aMissingDeviceGivesItsReasonAndCannotBeTaken() throws IOException {
        try (DeviceOpening opening = DeviceOpening.start(MISSING)) {
            String reason = opening.unavailableReason();
            assertTrue(reason != null && !reason.isBlank(), "a reason: " + reason);
            RdmaUnavailableException taken = assertThrows(RdmaUnavailableException.class, opening::take);
            assertEquals(reason, taken.getMessage());
            assertEquals(reason, opening.unavailableReason(), "asking again gives the same answer");
        }
    }

    @Test
    void closingWithoutAskingWaitsForTheOpeningAndThrowsNothing() throws IOException {
        DeviceOpening opening = DeviceOpening.start(MISSING);
        opening.close();
        opening.close();
        assertTrue(opening.unavailableReason() != null);
    }

    @Test
    void noneOpensNothingAndHasNothingToGive() throws IOException {
        DeviceOpening none = DeviceOpening.none();
        assertThrows(IllegalStateException.class, none::unavailableReason);
        assertThrows(IllegalStateException.class, none::take);
        none.close();
    }
}
