package dev.rdcp.cli;

import picocli.CommandLine;

/** A TCP port to connect to: 1 to 65535, a usage error otherwise (not the socket's own complaint later). */
class PortConverter implements CommandLine.ITypeConverter<Integer> {

    private final int lowest;

    PortConverter() {
        this(1);
    }

    private PortConverter(int lowest) {
        this.lowest = lowest;
    }

    @Override
    public Integer convert(String value) {
        int port;
        try {
            port = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < lowest || port > 65535) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a port (" + lowest + " to 65535)");
        }
        return port;
    }

    /** A port to listen on: 0 too, for one the system picks. */
    static final class Listening extends PortConverter {

        Listening() {
            super(0);
        }
    }
}
