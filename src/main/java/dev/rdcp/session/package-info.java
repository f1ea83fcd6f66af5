/**
 * Sessions: the client and server halves of one copy (bootstrap, authentication, request,
 * RDMA setup, then the sender or receiver role), and the daemon that serves many clients.
 */
package dev.rdcp.session;
