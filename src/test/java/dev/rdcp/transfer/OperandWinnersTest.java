package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Who lists a top-level name several operands hold: the first directory, the other directories
 * merged into it, else the first operand's entry.
 */
class OperandWinnersTest {

    private static OperandWinners.Found file(long inode) {
        return new OperandWinners.Found(FileModes.S_IFREG, 1, inode);
    }

    private static OperandWinners.Found directory(long inode) {
        return new OperandWinners.Found(FileModes.S_IFDIR, 1, inode);
    }

    /** Operands x/same (named), a/ and b/ (merged), y/same (named), over what is at each path. */
    private static OperandWinners winners(Map<String, OperandWinners.Found> found) {
        List<SourceOperand> operands = List.of(SourceOperand.parse("x/same"), SourceOperand.parse("a/"),
                SourceOperand.parse("b/"), SourceOperand.parse("y/same"));
        OperandWinners winners = new OperandWinners(operands, Arrays.asList("same", null, null, "same"),
                path -> found.get(path.toString()));
        winners.mergedDirectories(List.of(1, 2));
        return winners;
    }

    private static List<Integer> merged(OperandWinners.Decision decision) {
        return decision.mergedDirectories().stream().map(OperandWinners.Holder::operand).toList();
    }

    @Test
    void theFirstOperandsEntryWinsAmongFiles() {
        OperandWinners.Decision decision = winners(Map.of("x/same", file(1), "a/same", file(2), "y/same", file(3)))
                .decide("same");
        assertEquals(0, decision.winner());
        assertEquals(List.of(), merged(decision));
    }

    @Test
    void theFirstDirectoryWinsAndTheOtherDirectoriesMergeIntoIt() {
        OperandWinners.Decision decision = winners(Map.of("x/same", file(1), "a/same", directory(2),
                "b/same", directory(3), "y/same", directory(4))).decide("same");
        assertEquals(1, decision.winner());
        assertEquals(List.of(2, 3), merged(decision));
    }

    @Test
    void aDirectoryReachedTwiceIsMergedOnce() {
        OperandWinners.Decision decision = winners(Map.of("x/same", directory(7), "b/same", directory(7),
                "y/same", directory(8))).decide("same");
        assertEquals(0, decision.winner());
        assertEquals(List.of(3), merged(decision));
    }

    @Test
    void aNameNoNamedOperandHoldsNeedsNoDecisionBeyondTheMergedDirectories() {
        OperandWinners winners = winners(Map.of());
        assertFalse(winners.named("other"));
        assertTrue(winners.named("same"));
        assertEquals(-1, winners.decide("same").winner(), "nothing there: nothing to leave out");
        OperandWinners single = new OperandWinners(List.of(SourceOperand.parse("x/same")), List.of("same"),
                path -> file(1));
        assertNull(single.decide("same"));
    }

    /** A client names the operands: the directories merged into one, each a descriptor a level, are bounded. */
    @Test
    void directoriesBeyondTheBoundAreLeftOut() {
        List<SourceOperand> operands = new java.util.ArrayList<>();
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < FileList.MAX_MERGED_OPERANDS + 3; i++) {
            operands.add(SourceOperand.parse("p" + i + "/d"));
            names.add("d");
        }
        OperandWinners winners = new OperandWinners(operands, names,
                path -> directory(path.getParent().toString().hashCode()));
        OperandWinners.Decision decision = winners.decide("d");
        assertEquals(0, decision.winner());
        assertEquals(FileList.MAX_MERGED_OPERANDS - 1, decision.mergedDirectories().size());
        assertEquals(java.util.Set.of(FileList.MAX_MERGED_OPERANDS, FileList.MAX_MERGED_OPERANDS + 1,
                FileList.MAX_MERGED_OPERANDS + 2), decision.leftOut());
    }

    /** Every holder of a name asks: the holders are looked up once, not once a holder. */
    @Test
    void aNameIsDecidedOnce() {
        int[] lookUps = {0};
        List<SourceOperand> operands = new java.util.ArrayList<>();
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            operands.add(SourceOperand.parse("p" + i + "/d"));
            names.add("d");
        }
        OperandWinners winners = new OperandWinners(operands, names, path -> {
            lookUps[0]++;
            return file(path.getParent().toString().hashCode());
        });
        for (int i = 0; i < operands.size(); i++) {
            assertEquals(0, winners.decide("d").winner());
        }
        assertEquals(1000, lookUps[0]);
    }
}
