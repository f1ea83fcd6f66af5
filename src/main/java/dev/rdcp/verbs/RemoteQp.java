package dev.rdcp.verbs;

/** What a queue pair needs to know of its peer: QPN, starting PSN, and LID (InfiniBand) or GID (RoCE). */
public record RemoteQp(int qpNumber, int psn, int lid, Gid gid) {
}
