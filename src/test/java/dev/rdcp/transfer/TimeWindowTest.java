package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TimeWindowTest {

    @Test
    void byDefaultOnlyWholeSecondsCount() {
        assertTrue(TimeWindow.WHOLE_SECONDS.same(100, 1, 100, 999_999_999));
        assertFalse(TimeWindow.WHOLE_SECONDS.same(100, 999_999_999, 101, 0));
        assertEquals(1, TimeWindow.WHOLE_SECONDS.compare(101, 0, 100, 5));
        assertEquals(-1, TimeWindow.WHOLE_SECONDS.compare(99, 0, 100, 5));
    }

    @Test
    void aWindowTakesTimesThatManySecondsApartAsTheSame() {
        TimeWindow fat = new TimeWindow(2);
        assertTrue(fat.same(100, 0, 102, 0));
        assertTrue(fat.same(102, 0, 100, 0));
        assertFalse(fat.same(100, 0, 103, 0));
        assertEquals(1, fat.compare(103, 0, 100, 0), "newer beyond the window");
        assertEquals(0, fat.compare(102, 0, 100, 0));
    }

    @Test
    void aNegativeWindowComparesNanoseconds() {
        TimeWindow exact = new TimeWindow(-1);
        assertFalse(exact.same(100, 1, 100, 2));
        assertEquals(-1, exact.compare(100, 1, 100, 2));
        assertTrue(exact.same(100, 7, 100, 7));
    }

    @Test
    void timesTooFarApartForALongAreApartNotTheSame() {
        TimeWindow wide = new TimeWindow(Integer.MAX_VALUE);
        assertFalse(wide.same(Long.MAX_VALUE, 0, Long.MIN_VALUE, 0));
        assertEquals(1, wide.compare(Long.MAX_VALUE, 0, Long.MIN_VALUE, 0));
        assertEquals(-1, wide.compare(Long.MIN_VALUE, 0, Long.MAX_VALUE, 0));
    }
}
