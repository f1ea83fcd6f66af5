package dev.rdcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResourceStackTest {

    @Test
    void closesInReverseOrderAndKeepsGoingAfterAFailure() {
        List<String> closed = new ArrayList<>();
        ResourceStack stack = new ResourceStack();
        stack.push(() -> closed.add("device"));
        stack.push(() -> {
            closed.add("pd");
            throw new IOException("pd busy");
        });
        stack.push(() -> {
            closed.add("qp");
            throw new IOException("qp busy");
        });
        IOException e = assertThrows(IOException.class, stack::close);
        assertEquals(List.of("qp", "pd", "device"), closed);
        assertEquals("qp busy", e.getMessage());
        assertEquals("pd busy", e.getSuppressed()[0].getMessage());
    }

    @Test
    void closeAfterAttachesCloseErrorsToTheFailure() {
        ResourceStack stack = new ResourceStack();
        stack.push(() -> {
            throw new IOException("close failed");
        });
        Exception failure = new IOException("open failed");
        stack.closeAfter(failure);
        assertEquals("close failed", failure.getSuppressed()[0].getMessage());
    }

    /** Freeing memory fails with an unchecked exception; it must not replace the failure being reported. */
    @Test
    void closeAfterKeepsTheFailureWhenACloseThrowsUnchecked() {
        Exception failure = new IOException("disconnect failed");
        ResourceStack.closeAfter(() -> {
            throw new IllegalStateException("freeing direct memory failed");
        }, failure);
        assertEquals("freeing direct memory failed", failure.getSuppressed()[0].getMessage());
    }
}
