/**
 * rdcp's wire formats: the TCP bootstrap frames and the messages they carry. Every format is
 * big-endian, versioned through the hello, and length-checked; docs/protocol.md describes them.
 */
package dev.rdcp.protocol;
