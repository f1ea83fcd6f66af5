package dev.rdcp.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Build step (run by Maven before packaging): writes the AsciiDoc man pages of rdcp and each
 * subcommand, and the bash completion script, from the picocli model as rdcp runs it (so with the
 * exit codes Main adds). Asciidoctor turns the pages into roff.
 */
public final class BuildDocs {

    private BuildDocs() {
    }

    public static void main(String[] args) throws IOException {
        write(Path.of(args[0]));
    }

    static void write(Path directory) throws IOException {
        Files.createDirectories(directory);
        PrintWriter discard = new PrintWriter(Writer.nullWriter());
        CommandLine rdcp = Main.commandLine(discard, discard);
        writePage(directory.resolve("rdcp.adoc"), rdcp);
        for (CommandLine subcommand : rdcp.getSubcommands().values()) {
            writePage(directory.resolve("rdcp-" + subcommand.getCommandName() + ".adoc"), subcommand);
        }
        Files.writeString(directory.resolve("rdcp.bash"), AutoComplete.bash("rdcp", rdcp), StandardCharsets.UTF_8);
    }

    private static void writePage(Path file, CommandLine command) throws IOException {
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
            ManPageGenerator.writeSingleManPage(out, command.getCommandSpec());
        }
    }
}
