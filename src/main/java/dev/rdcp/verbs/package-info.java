/**
 * Owned wrappers over the verbs: each native handle (device context, protection domain, memory
 * region, completion channel, completion queue, queue pair) is one {@link java.lang.AutoCloseable}
 * whose idempotent {@code close()} releases it. The caller that created a handle owns it and closes
 * it in reverse order of creation. Only this package touches {@code dev.rdcp.verbs.jna}.
 */
package dev.rdcp.verbs;
