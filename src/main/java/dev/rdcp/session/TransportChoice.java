package dev.rdcp.session;

/** --transport: what the client asks to carry the transfer. */
public enum TransportChoice {
    /** RDMA when both sides have a usable device, else TCP with one warning saying why. */
    AUTO,
    /** RDMA, or fail. */
    RDMA,
    /** TCP, even where RDMA would work. */
    TCP
}
