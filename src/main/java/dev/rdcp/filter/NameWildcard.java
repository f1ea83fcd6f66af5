package dev.rdcp.filter;

import java.util.regex.Pattern;

/** One rsync wildcard (*, ?, [..]) matched against a whole name, as --usermap and --groupmap use them. */
public final class NameWildcard {

    private final Pattern pattern;

    /** Throws IllegalArgumentException when {@code wildcard} is malformed. */
    public NameWildcard(String wildcard) {
        this.pattern = Pattern.compile(WildcardRegex.translate(wildcard), Pattern.DOTALL);
    }

    public boolean matches(String name) {
        return pattern.matcher(name).matches();
    }
}
