package dev.rdcp.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The top-level {@code rdcp} command. */
@Command(name = "rdcp",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Copy files over RDMA (InfiniBand, RoCE).",
        subcommands = {DevicesCommand.class},
        usageHelpAutoWidth = true)
final class RdcpCommand implements Runnable {

    @Mixin
    LoggingOptions logging;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
