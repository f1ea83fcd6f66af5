/**
 * Raw JNA bindings: libibverbs' exported functions and the rdcp shim's verbs half, with C names
 * and C struct layouts kept exactly. Only {@code dev.rdcp.verbs} uses this package; besides it,
 * {@code dev.rdcp.posix} and the two binding packages, nothing imports JNA.
 */
package dev.rdcp.verbs.jna;
