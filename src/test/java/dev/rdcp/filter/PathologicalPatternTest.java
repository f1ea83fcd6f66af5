package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rules can come from a peer: a pattern that would backtrack for ever is stopped, not run. */
class PathologicalPatternTest {

    /** A safety net against a hang, far above the milliseconds the bounded match takes. */
    private static final Duration HANG = Duration.ofSeconds(60);

    @Test
    void aBacktrackingPatternIsStoppedWithAClearError() {
        FilterRules rules = FilterRules.parse(List.of("- **a**a**a**a**a**a**b"));
        String name = "a".repeat(200);
        FilterTooComplexException e = assertTimeoutPreemptively(HANG,
                () -> assertThrows(FilterTooComplexException.class, () -> rules.isExcluded(name, false)));
        assertTrue(e.getMessage().contains("too complex"), e.getMessage());
    }

    @Test
    void ordinaryPatternsOnLongNamesStayWithinTheBudget() {
        FilterRules rules = FilterRules.parse(List.of("+ */", "+ **/keep/*.txt", "- *.o", "- **"));
        String deep = "d/".repeat(1000) + "keep/file.txt";
        assertFalse(rules.isExcluded(deep, false));
        assertTrue(rules.isExcluded("d/".repeat(1000) + "x.o", false));
    }
}
