package dev.rdcp.cli;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * -M's arguments, for the rdcp a remote shell starts: only the options that rdcp's server mode
 * applies, so that none is taken and silently ignored there. Their values are plain words, since
 * the remote shell joins the command's arguments into one line that its shell splits again.
 */
final class RemoteOptions {

    static final String TAKEN = "--fake-super, --device=NAME, --ib-port=N, --gid-index=N, --streams=N,"
            + " --timeout=SECONDS";
    private static final Set<String> FLAGS = Set.of("--fake-super");
    private static final Set<String> VALUED = Set.of("--device", "--ib-port", "--gid-index", "--streams", "--timeout");
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9_.:-]+");

    private RemoteOptions() {
    }

    /**
     * Why {@code options} cannot go to the remote rdcp; empty when each can. A value comes after
     * '=' or as the next argument, as rsync's -M passes either.
     */
    static Optional<String> problem(List<String> options) {
        for (int i = 0; i < options.size(); i++) {
            String option = options.get(i);
            int equals = option.indexOf('=');
            String name = equals < 0 ? option : option.substring(0, equals);
            if (FLAGS.contains(option)) {
                continue;
            }
            if (!VALUED.contains(name)) {
                return Optional.of("-M " + option + ": the remote rdcp applies only " + TAKEN);
            }
            String value = equals >= 0 ? option.substring(equals + 1) : i + 1 < options.size() ? options.get(++i) : "";
            if (!WORD.matcher(value).matches()) {
                return Optional.of("-M " + name + " needs a value of letters, digits and _.:- only, not '" + value + "'");
            }
        }
        return Optional.empty();
    }
}
