package dev.rdcp.transfer;

import dev.rdcp.filter.FilterTooComplexException;
import dev.rdcp.filter.NameWildcard;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * rsync's --usermap or --groupmap: comma-separated FROM:TO rules, the first matching one wins.
 * FROM is the sender's name, a wildcard over it, an id or an id range LOW-HIGH; TO is a name or id
 * of this (receiving) host. An id the sender did not name has the empty name, as in rsync, so
 * {@code *} matches it too.
 */
public final class OwnerMap {

    /** What one rule matches. */
    private record Rule(String name, NameWildcard wildcard, long low, long high, int to) {

        boolean matches(long id, String senderName, CharSequence bounded) {
            if (name == null) {
                return id >= low && id <= high;
            }
            return wildcard != null ? wildcard.matches(bounded) : name.equals(senderName);
        }
    }

    /** No rules: every id keeps what the name lookup gives it. */
    static final OwnerMap NONE = new OwnerMap(List.of());

    private final List<Rule> rules;
    private final NameWildcard.Budget budget = new NameWildcard.Budget();

    private OwnerMap(List<Rule> rules) {
        this.rules = rules;
    }

    /** rsync's message for a malformed {@code map} of {@code option} ("--usermap"), or null if it parses. */
    public static String syntaxError(String option, String map) {
        if (map.isEmpty()) {
            return null;
        }
        for (String item : map.split(",", -1)) {
            String problem = itemError(option, item);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private static String itemError(String option, String item) {
        int colon = item.indexOf(':');
        if (colon < 0) {
            return "No colon found in " + option + ": " + item;
        }
        if (colon == item.length() - 1) {
            return "No name found after colon " + option + ": " + item;
        }
        String from = item.substring(0, colon);
        if (startsWithDigit(from)) {
            int dash = from.indexOf('-');
            boolean digitsAndDashes = from.chars().allMatch(c -> c == '-' || (c >= '0' && c <= '9'));
            if (!digitsAndDashes || (dash >= 0 && (dash == from.length() - 1 || from.indexOf('-', dash + 1) >= 0))) {
                return "Invalid number in " + option + ": " + from;
            }
        }
        return null;
    }

    /** rsync's test for an id rule: an ASCII digit first. */
    private static boolean startsWithDigit(String from) {
        return !from.isEmpty() && from.charAt(0) >= '0' && from.charAt(0) <= '9';
    }

    private static boolean isWildcard(String from) {
        return from.indexOf('*') >= 0 || from.indexOf('?') >= 0 || from.indexOf('[') >= 0;
    }

    /** rsync's warning for each rule of {@code map} whose TO names no user (or group) of this host. */
    public static List<String> unknownTargets(String option, String map, boolean users) {
        List<String> warnings = new ArrayList<>();
        if (!map.isEmpty() && syntaxError(option, map) == null) {
            for (String item : map.split(",", -1)) {
                String to = item.substring(item.indexOf(':') + 1);
                if (target(to, users, IdMapping.SYSTEM).isEmpty()) {
                    warnings.add("Unknown " + option + " name on receiver: " + to);
                }
            }
        }
        return warnings;
    }

    /**
     * Parses {@code map} for this host; a rule whose TO names no user or group here is dropped
     * (the receiving client warns of it: {@link #unknownTargets}), as is one whose wildcard is
     * malformed, which matches no name.
     *
     * @param users whether TO names users (else groups)
     * @throws IllegalArgumentException with rsync's message when the map is malformed
     */
    static OwnerMap parse(String option, String map, boolean users, IdMapping.Ids ids) {
        String problem = syntaxError(option, map);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        List<Rule> rules = new ArrayList<>();
        if (map.isEmpty()) {
            return new OwnerMap(rules);
        }
        for (String item : map.split(",", -1)) {
            int colon = item.indexOf(':');
            String from = item.substring(0, colon);
            OptionalInt to = target(item.substring(colon + 1), users, ids);
            if (to.isEmpty()) {
                continue;
            }
            if (startsWithDigit(from)) {
                int dash = from.indexOf('-');
                long low = number(dash < 0 ? from : from.substring(0, dash));
                long high = dash < 0 ? low : number(from.substring(dash + 1));
                rules.add(new Rule(null, null, low, high, to.getAsInt()));
            } else if (!isWildcard(from)) {
                rules.add(new Rule(from, null, 0, 0, to.getAsInt()));
            } else {
                try {
                    rules.add(new Rule(from, new NameWildcard(from), 0, 0, to.getAsInt()));
                } catch (IllegalArgumentException e) {
                    continue;
                }
            }
        }
        return new OwnerMap(List.copyOf(rules));
    }

    /** A number past 32 bits is no id; those long enough to overflow a long are taken as the largest. */
    private static long number(String digits) {
        return digits.length() > 18 ? Long.MAX_VALUE : Long.parseLong(digits);
    }

    private static OptionalInt target(String to, boolean users, IdMapping.Ids ids) {
        if (to.chars().allMatch(c -> c >= '0' && c <= '9')) {
            long id = number(to);
            return id > 0xffff_ffffL ? OptionalInt.empty() : OptionalInt.of((int) id);
        }
        byte[] name = to.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        try {
            return users ? ids.user(name) : ids.group(name);
        } catch (IOException e) {
            return OptionalInt.empty();
        }
    }

    /**
     * The id the first rule matching the sender's {@code id} and its name ("" if unnamed) gives.
     *
     * @throws FilterTooComplexException when the wildcards have spent this map's matching budget
     */
    OptionalInt map(int id, String senderName) {
        long unsigned = Integer.toUnsignedLong(id);
        CharSequence bounded = budget.text(senderName);
        for (Rule rule : rules) {
            if (rule.matches(unsigned, senderName, bounded)) {
                return OptionalInt.of(rule.to());
            }
        }
        return OptionalInt.empty();
    }
}
