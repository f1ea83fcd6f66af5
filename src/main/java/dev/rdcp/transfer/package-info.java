/**
 * Moving files: the sender (mmaps sources into registered windows, RDMA WRITEs chunks) and the
 * receiver (staging buffers, CRC32C checks, temp file renamed into place), both driven over a
 * {@link dev.rdcp.transport.MessagePipe}.
 */
package dev.rdcp.transfer;
