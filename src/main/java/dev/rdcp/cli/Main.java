package dev.rdcp.cli;

import dev.rdcp.posix.NativeLoadError;
import dev.rdcp.protocol.ExitCode;
import dev.rdcp.protocol.RdcpException;

import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine;

/** Entry point: builds the command line, runs it, exits with its code. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        LogBackend.choose(args);
        PrintWriter out = new PrintWriter(new RawByteOutput(System.out), true);
        PrintWriter err = new PrintWriter(new RawByteOutput(System.err), true);
        StopSignals.install(err);
        System.exit(run(out, err, args));
    }

    /** Runs rdcp with the given streams and returns the exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        try {
            return commandLine(out, err).execute(args);
        } catch (OutOfMemoryError e) {
            // One line, as for any failure; rsync's code for memory it could not allocate.
            err.println("rdcp: out of memory: the Java heap is full (RDCP_JAVA_OPTS=-Xmx... gives it more)");
            err.flush();
            return ExitCode.MEMORY.code();
        } catch (LinkageError e) {
            // rdcp's own native shim (or a library it needs) missing or broken is an installation
            // fault; any other linkage error (a class that failed to initialize) is a bug.
            err.println(NativeLoadError.isNative(e)
                    ? "rdcp: cannot load native code rdcp needs (reinstall rdcp): " + NativeLoadError.reason(e)
                    : "rdcp: internal error (a bug): " + ErrorReporter.describe(e));
            err.flush();
            return ExitCode.INTERNAL.code();
        }
    }

    /** The command line as rdcp parses and runs it. */
    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        ErrorReporter reporter = new ErrorReporter();
        CommandLine commandLine = new CommandLine(new RdcpCommand())
                .setOut(out)
                .setErr(err)
                .setExecutionExceptionHandler(reporter)
                .setExitCodeExceptionMapper(reporter)
                .setParameterExceptionHandler(Main::usageError)
                // As rsync: an operand starting with @ names a file, it is not a file of arguments.
                .setExpandAtFiles(false)
                // As rsync: options repeat (--exclude A --exclude B), and of a value the last one counts.
                .setOverwrittenOptionsAllowed(true)
                // As rsync: an option's value may start with '-' (-f '-p *.o', --exclude -v).
                .setAllowOptionsAsOptionParameters(true);
        addExitCodeHelp(commandLine);
        return commandLine;
    }

    private static void addExitCodeHelp(CommandLine commandLine) {
        commandLine.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n")
                .exitCodeList(ExitCode.helpTable());
        commandLine.getSubcommands().values().forEach(Main::addExitCodeHelp);
    }

    /**
     * A bad option or operand: one line naming it (for an rsync option rdcp does not take, with
     * the reason), a pointer to --help, exit 1 as rsync does.
     */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine commandLine = e.getCommandLine();
        if (e.getCause() instanceof RdcpException failure) {
            // An option whose value could not be used, such as an exclude file that cannot be read.
            commandLine.getErr().println("rdcp: " + failure.getMessage());
            return failure.exitCode().code();
        }
        commandLine.getErr().println("rdcp: " + refusal(e).orElse(e.getMessage()));
        commandLine.getErr().println("Try 'rdcp " + subcommandPath(commandLine) + "--help' for more information.");
        return ExitCode.USAGE.code();
    }

    private static Optional<String> refusal(CommandLine.ParameterException e) {
        if (!(e instanceof CommandLine.UnmatchedArgumentException unmatched) || unmatched.getUnmatched().isEmpty()) {
            return Optional.empty();
        }
        String argument = unmatched.getUnmatched().get(0);
        CommandLine parent = e.getCommandLine().getParent();
        Optional<String> reason = parent == null ? RefusedOptions.reason(argument)
                : parent.getParent() == null && e.getCommandLine().getCommandName().equals("serve")
                ? RefusedOptions.serveReason(argument) : Optional.empty();
        return reason.map(why -> RefusedOptions.optionName(argument) + ": " + why);
    }

    private static String subcommandPath(CommandLine commandLine) {
        StringBuilder path = new StringBuilder();
        for (CommandLine c = commandLine; c.getParent() != null; c = c.getParent()) {
            path.insert(0, c.getCommandName() + " ");
        }
        return path.toString();
    }
}
