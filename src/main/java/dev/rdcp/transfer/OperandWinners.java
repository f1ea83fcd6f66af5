package dev.rdcp.transfer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which operand's entry a name at the top of the list comes from, where several operands hold
 * it: rsync's list holds each name once, a directory winning over any other kind and otherwise
 * the first operand's entry. The holders are the operands named without a trailing slash (by
 * their last component) and the dir/ operands listed as one directory (by their children).
 */
final class OperandWinners {

    /** What a path is (its symlink not followed): its file type, or -1 for nothing there. */
    interface Lookup {
        int type(Path path);
    }

    private final List<SourceOperand> operands;
    private final Lookup lookup;
    /** Operands named without a trailing slash, by their last component. */
    private final Map<String, List<Integer>> named = new HashMap<>();
    /** The dir/ operands listed as one directory. */
    private List<Integer> mergedDirectories = List.of();

    /** {@code names}: each operand's name at the top of the list, null for a dir/ operand (or "."). */
    OperandWinners(List<SourceOperand> operands, List<String> names, Lookup lookup) {
        this.operands = operands;
        this.lookup = lookup;
        for (int i = 0; i < operands.size(); i++) {
            if (names.get(i) != null) {
                named.computeIfAbsent(names.get(i), n -> new ArrayList<>(1)).add(i);
            }
        }
    }

    /** The dir/ operands whose contents are listed as one directory, first the one listed. */
    void mergedDirectories(List<Integer> indices) {
        mergedDirectories = List.copyOf(indices);
    }

    /** Whether another operand may hold {@code name} as a named operand: where a check is worth a look-up. */
    boolean named(String name) {
        return named.containsKey(name);
    }

    /**
     * Whether operand {@code operand}'s entry {@code name}, of type {@code type}, is listed: it
     * is the winner, or a directory as the winner is (directories of one name merge).
     */
    boolean lists(int operand, String name, int type) {
        List<Integer> holders = named.getOrDefault(name, List.of());
        if (holders.size() + mergedDirectories.size() < 2) {
            return true;
        }
        List<Integer> candidates = new ArrayList<>(holders);
        candidates.addAll(mergedDirectories);
        candidates.sort(null);
        int first = -1;
        int firstDirectory = -1;
        for (int index : candidates) {
            int held = typeHeld(index, name, holders);
            if (held < 0) {
                continue;
            }
            if (first < 0) {
                first = index;
            }
            if (held == FileModes.S_IFDIR) {
                firstDirectory = index;
                break;
            }
        }
        int winner = firstDirectory >= 0 ? firstDirectory : first;
        return winner < 0 || winner == operand || (type == FileModes.S_IFDIR && firstDirectory >= 0);
    }

    /** What operand {@code index} holds under top-level {@code name}: -1 for nothing. */
    private int typeHeld(int index, String name, List<Integer> holders) {
        if (holders.contains(index)) {
            return lookup.type(operands.get(index).path());
        }
        if (mergedDirectories.contains(index)) {
            return lookup.type(operands.get(index).path().resolve(name));
        }
        return -1;
    }
}
