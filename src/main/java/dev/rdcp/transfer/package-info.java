/**
 * Moving files: the sender (reads sources into a registered pool, RDMA WRITEs chunks) and the
 * receiver (staging buffers, CRC32C checks, temp file renamed into place), both driven over a
 * {@link dev.rdcp.transport.MessagePipe}.
 */
package dev.rdcp.transfer;
