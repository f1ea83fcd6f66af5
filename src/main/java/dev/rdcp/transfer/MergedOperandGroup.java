package dev.rdcp.transfer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The dir/ operands listed as one directory: the first that is a directory, and the later ones
 * that are, up to {@code bound} distinct directories (one more is not sent, and said to be). As
 * rsync's list, which holds every operand's names at once, their contents are one directory (each
 * name once: see {@link MergedChildren}), so that what the first lists is neither overwritten by
 * a later operand's nor taken by --delete for an extra. A later one naming a directory already in
 * the group lists nothing more; one that is no directory is listed, and fails, on its own.
 */
final class MergedOperandGroup {

    /** The group's operands in order, the first (the leader) listing them all. */
    private final List<Integer> members = new ArrayList<>();
    /** Operands the leader lists, or that name a directory already in the group: listed by none on their own. */
    private final Set<Integer> listedByLeader = new HashSet<>();
    private final Set<Integer> beyondBound = new HashSet<>();

    /**
     * @param directory what an operand's path is, its last symlink followed, as the list looks it
     *     up; null where nothing can be looked at
     */
    MergedOperandGroup(List<SourceOperand> operands, int bound, Function<Path, OperandWinners.Found> directory) {
        Set<OperandWinners.Found> directories = new HashSet<>();
        for (int index = 0; index < operands.size(); index++) {
            SourceOperand operand = operands.get(index);
            if (operand.relativeName() != null || !operand.contents()) {
                continue;
            }
            OperandWinners.Found found = directory.apply(operand.path());
            if (found == null || found.type() != FileModes.S_IFDIR) {
                continue;
            }
            if (!directories.add(found)) {
                listedByLeader.add(index);
            } else if (members.size() == bound) {
                beyondBound.add(index);
            } else {
                members.add(index);
                if (members.size() > 1) {
                    listedByLeader.add(index);
                }
            }
        }
    }

    List<Integer> members() {
        return members;
    }

    /** The operands the leader {@code index} lists with its own directory; none if it leads no group. */
    List<Integer> listedWith(int index) {
        return members.isEmpty() || members.get(0) != index ? List.of() : members.subList(1, members.size());
    }

    /** Whether operand {@code index} is listed by the group's leader, not on its own. */
    boolean listedByLeader(int index) {
        return listedByLeader.contains(index);
    }

    /** Whether operand {@code index} is a directory past the bound: not sent, and said to be. */
    boolean beyondBound(int index) {
        return beyondBound.contains(index);
    }
}
