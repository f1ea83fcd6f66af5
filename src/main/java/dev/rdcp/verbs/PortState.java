package dev.rdcp.verbs;

/** Logical port state ({@code enum ibv_port_state}), named as ibv_devinfo names it. */
public enum PortState {
    NOP, DOWN, INIT, ARMED, ACTIVE, ACTIVE_DEFER;

    static PortState ofCode(int code) {
        return code >= 0 && code < values().length ? values()[code] : NOP;
    }

    @Override
    public String toString() {
        return "PORT_" + name();
    }
}
