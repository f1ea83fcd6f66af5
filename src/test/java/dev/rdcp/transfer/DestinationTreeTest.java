package dev.rdcp.transfer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** Tests of what the receiver does beneath a destination directory; every {@link Destination} they open is closed after each. */
abstract class DestinationTreeTest {

    @TempDir
    Path tmp;

    Path dest;
    private final List<Destination> destinations = new ArrayList<>();

    static byte[] name(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code destination}, to be closed after the test. */
    Destination opened(Destination destination) {
        destinations.add(destination);
        return destination;
    }

    @AfterEach
    void closeDestinations() throws IOException {
        for (Destination destination : destinations) {
            destination.close();
        }
    }
}
