package dev.rdcp.cli;

import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The root command: {@code rdcp [OPTIONS] SRC... DEST} runs a copy ({@link CopyCommand}),
 * {@code rdcp --server} the ssh server mode ({@link SshServerCommand}), and the subcommands
 * their own classes.
 */
@Command(name = "rdcp",
        versionProvider = VersionProvider.class,
        description = {"Copy files over RDMA (InfiniBand, RoCE), like rsync or scp.", "",
            "  rdcp FILE... [USER@]HOST:PATH     push over ssh",
            "  rdcp [USER@]HOST:PATH... DEST     pull over ssh",
            "  rdcp FILE... HOST::PATH           push to an 'rdcp serve' daemon (also rdcp://HOST[:PORT]/PATH)",
            "  rdcp FILE... DEST                 copy on this host, as rsync does (over loopback TCP)",
            "  rdcp SRC                          list SRC (local or remote) as ls -l would (also --list-only)",
            "  rdcp devices                      list RDMA devices",
            "  rdcp doctor [HOST]                check that a copy can work, and what to fix", ""},
        subcommands = {DevicesCommand.class, ServeCommand.class, DoctorCommand.class},
        usageHelpAutoWidth = true)
final class RdcpCommand implements Callable<Integer> {

    @Mixin
    LoggingOptions logging;

    @Mixin
    RdmaOptions rdma;

    @Mixin
    CopyCommand copy;

    @Mixin
    SshServerCommand server;

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit (so does -h on its own, as in rsync).")
    boolean help;

    @Option(names = {"-V", "--version"}, versionHelp = true, description = "Print the version and exit.")
    boolean version;

    @Override
    public Integer call() throws IOException, InterruptedException {
        return server.requested ? server.run(rdma, copy.receiver.fakeSuper()) : copy.run(logging, rdma);
    }
}
