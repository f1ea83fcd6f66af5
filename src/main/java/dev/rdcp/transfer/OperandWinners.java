package dev.rdcp.transfer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which operand's entry a name at the top of the list comes from, where several operands hold
 * it, as rsync's list, which holds each name once: the first directory of that name, with the
 * other directories of that name merged into it, or without one the first operand's entry. The
 * holders are the operands named without a trailing slash (by their last component) and the dir/
 * operands listed as one directory (by their children).
 */
final class OperandWinners {

    /** What is at a path (its symlink not followed): its file type and identity. */
    record Found(int type, long device, long inode) {
    }

    /** What is at a path, or null for nothing there (or nothing that can be looked at). */
    interface Lookup {
        Found at(Path path);
    }

    /** An operand's entry of the name: {@code path} is where it is. */
    record Holder(int operand, Path path, boolean named) {
    }

    /**
     * The operand whose entry is listed, and the other holders' directories to merge into it (in
     * operand order, each directory once, {@link FileList#MAX_MERGED_OPERANDS} at most with the
     * winner's); {@code leftOut}: the operands whose directories are beyond that.
     */
    record Decision(int winner, List<Holder> mergedDirectories, Set<Integer> leftOut) {
    }

    private final List<SourceOperand> operands;
    private final Lookup lookup;
    /** Operands named without a trailing slash, by their last component. */
    private final Map<String, List<Integer>> named = new HashMap<>();
    /** The dir/ operands listed as one directory. */
    private List<Integer> mergedDirectories = List.of();
    /**
     * Each name decided, once: every operand holding it asks, and a client may name thousands
     * that do, which would otherwise cost a look-up in each holder for each of them.
     */
    private final Map<String, Decision> decided = new HashMap<>();

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

    /** Whether an operand named without a trailing slash holds {@code name}: where a decision is worth look-ups. */
    boolean named(String name) {
        return named.containsKey(name);
    }

    /** Who lists top-level {@code name}; null where one operand at most holds it. */
    Decision decide(String name) {
        List<Integer> namedHolders = named.getOrDefault(name, List.of());
        if (namedHolders.size() + mergedDirectories.size() < 2) {
            return null;
        }
        return decided.computeIfAbsent(name, held -> decideAmong(held, namedHolders));
    }

    private Decision decideAmong(String name, List<Integer> namedHolders) {
        List<Holder> candidates = new ArrayList<>(namedHolders.size() + mergedDirectories.size());
        namedHolders.forEach(index -> candidates.add(new Holder(index, operands.get(index).path(), true)));
        mergedDirectories.forEach(index -> candidates.add(
                new Holder(index, operands.get(index).path().resolve(name), false)));
        candidates.sort((a, b) -> Integer.compare(a.operand(), b.operand()));
        int first = -1;
        List<Holder> directories = new ArrayList<>();
        Set<Found> seen = new HashSet<>();
        for (Holder holder : candidates) {
            Found found = lookup.at(holder.path());
            if (found == null) {
                continue;
            }
            if (first < 0) {
                first = holder.operand();
            }
            // The same directory reached again (named twice, or by two ways) lists nothing more.
            if (found.type() == FileModes.S_IFDIR && seen.add(found)) {
                directories.add(holder);
            }
        }
        if (directories.isEmpty()) {
            return new Decision(first, List.of(), Set.of());
        }
        int kept = Math.min(directories.size(), FileList.MAX_MERGED_OPERANDS);
        Set<Integer> leftOut = new HashSet<>();
        directories.subList(kept, directories.size()).forEach(holder -> leftOut.add(holder.operand()));
        return new Decision(directories.get(0).operand(), List.copyOf(directories.subList(1, kept)), leftOut);
    }
}
