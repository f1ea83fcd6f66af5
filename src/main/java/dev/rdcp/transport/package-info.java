/**
 * Connections: the TCP bootstrap channel and the RDMA connection (device, PD, CQ, QP) it sets up.
 */
package dev.rdcp.transport;
