package dev.rdcp.cli;

/**
 * A source under -R, as rsync splits it: the kept part starts after a "/./" marker, else after
 * the leading '/' of an absolute path, else at the start; the part before it is the base the
 * kept part is read from. rdcp then sends it as a --files-from path under that base.
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
        if (kept.equals("./")) {
            throw new IllegalArgumentException("-R: '" + operand + "' keeps no path: name what to copy after '/./'");
        }
        return new RelativeSource(base, kept);
    }
}
