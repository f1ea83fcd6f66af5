package dev.rdcp.verbs;

/** Queue pair limits: outstanding send and receive work requests, and inline data bytes. */
public record QueueCapacity(int maxSendWr, int maxRecvWr, int maxInlineData) {
}
