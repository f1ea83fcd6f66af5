package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which operand's entry a top-level name comes from: a directory first, else the first operand's. */
class OperandWinnersTest {

    private static final int FILE = FileModes.S_IFREG;
    private static final int DIRECTORY = FileModes.S_IFDIR;

    /** Operands x/same (named), a/ and b/ (merged), y/same (named), over what each path is. */
    private static OperandWinners winners(Map<String, Integer> types) {
        List<SourceOperand> operands = List.of(SourceOperand.parse("x/same"), SourceOperand.parse("a/"),
                SourceOperand.parse("b/"), SourceOperand.parse("y/same"));
        OperandWinners winners = new OperandWinners(operands, Arrays.asList("same", null, null, "same"),
                path -> types.getOrDefault(path.toString(), -1));
        winners.mergedDirectories(List.of(1, 2));
        return winners;
    }

    @Test
    void theFirstOperandsEntryWinsAmongFiles() {
        OperandWinners winners = winners(Map.of("x/same", FILE, "a/same", FILE, "y/same", FILE));
        assertTrue(winners.lists(0, "same", FILE));
        assertFalse(winners.lists(1, "same", FILE));
        assertFalse(winners.lists(3, "same", FILE));
    }

    @Test
    void aDirectoryWinsAndDirectoriesOfTheNameAreAllListed() {
        OperandWinners winners = winners(Map.of("x/same", FILE, "b/same", DIRECTORY, "y/same", DIRECTORY));
        assertFalse(winners.lists(0, "same", FILE));
        assertTrue(winners.lists(2, "same", DIRECTORY));
        assertTrue(winners.lists(3, "same", DIRECTORY));
    }

    @Test
    void aNameOnlyOneOperandHoldsIsListed() {
        OperandWinners winners = winners(Map.of("a/other", FILE));
        assertTrue(winners.lists(1, "other", FILE));
        assertFalse(winners.named("other"));
        assertTrue(winners.named("same"));
        assertTrue(winners.lists(0, "same", -1), "nothing holds it: nothing to leave it out for");
    }
}
