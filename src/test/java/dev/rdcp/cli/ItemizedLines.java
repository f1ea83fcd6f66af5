package dev.rdcp.cli;

import java.util.Arrays;
import java.util.TreeSet;

/** The -i lines of an rsync or rdcp run, in any order, to compare the two. */
final class ItemizedLines {

    private ItemizedLines() {
    }

    /** The lines that are itemized changes, a push's "<" (sent) read as a local copy's ">" (received). */
    static TreeSet<String> of(String output) {
        return new TreeSet<>(Arrays.stream(output.split("\n")).filter(l -> l.matches("^[<>ch.*][fdLDS].{9} .*"))
                .map(l -> l.startsWith("<") ? ">" + l.substring(1) : l).toList());
    }
}
