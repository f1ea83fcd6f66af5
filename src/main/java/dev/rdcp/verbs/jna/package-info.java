/**
 * Raw JNA bindings: libibverbs' exported functions and the rdcp shim, with C names and C struct
 * layouts kept exactly. Only {@code dev.rdcp.verbs} uses this package; nothing else imports JNA.
 */
package dev.rdcp.verbs.jna;
