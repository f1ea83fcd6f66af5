package dev.rdcp.verbs;

/** One valid entry of a port's GID table. */
public record GidEntry(int index, Gid gid, GidType type) {
}
