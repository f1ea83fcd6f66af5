package dev.rdcp.cli;

import dev.rdcp.transfer.SourceOperand;

/**
 * A source under -R, as rsync splits it: the kept part starts after a "/./" marker, else after
 * the leading '/' of an absolute path, else at the start; the part before it is the base the
 * kept part is read from. rdcp then sends it as a --files-from path under that base. As rsync,
 * a kept part that starts with "./" lists the base directory first (its attributes go to DEST),
 * and one that is only "." or "./" is the base's contents.
 */
record RelativeSource(String base, String kept) {

    static RelativeSource of(String operand) {
        int marker = operand.indexOf("/./");
        String base;
        String rest;
        if (marker >= 0) {
            base = marker == 0 ? "/" : operand.substring(0, marker);
            rest = operand.substring(marker + 3);
        } else if (operand.startsWith("/")) {
            base = "/";
            rest = operand;
        } else {
            base = ".";
            rest = operand;
        }
        String kept = FilesFrom.clean(rest);
        boolean listsBase = rest.startsWith(SourceOperand.BASE_FIRST) && !kept.equals(SourceOperand.BASE_FIRST)
                && !SourceOperand.leavesTheBase(kept);
        return new RelativeSource(base, listsBase ? SourceOperand.BASE_FIRST + kept : kept);
    }
}
