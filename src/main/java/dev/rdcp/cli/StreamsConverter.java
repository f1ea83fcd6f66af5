package dev.rdcp.cli;

import dev.rdcp.protocol.StreamCount;
import picocli.CommandLine;

/** Parses {@code --streams N}: 1 to {@link StreamCount#MAX}, the most a peer will accept. */
final class StreamsConverter implements CommandLine.ITypeConverter<Integer> {

    @Override
    public Integer convert(String value) {
        int streams;
        try {
            streams = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a number of streams");
        }
        if (streams < 1 || streams > StreamCount.MAX) {
            throw new CommandLine.TypeConversionException("--streams must be 1 to " + StreamCount.MAX + ", not " + value);
        }
        return streams;
    }
}
