package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DescriptorLimitTest {

    @Test
    void theSoftLimitIsTheFirstColumn() {
        assertEquals(1200, DescriptorLimit.soft(List.of(
                "Limit                     Soft Limit           Hard Limit           Units     ",
                "Max open files            1200                 4096                 files     ")));
    }

    @Test
    void unlimitedAndMissingAreSaid() {
        assertEquals(Long.MAX_VALUE, DescriptorLimit.soft(List.of("Max open files            unlimited            unlimited            files")));
        assertEquals(DescriptorLimit.ASSUMED, DescriptorLimit.soft(List.of("Max processes             63352                63352                processes")));
    }

    @Test
    void thisProcessHasOne() {
        assertTrue(DescriptorLimit.soft() > 0);
    }
}
