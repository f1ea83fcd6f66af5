package dev.rdcp.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Random;
import picocli.CommandLine;

/** Test helpers: run rdcp in-process and look at files. */
final class Cli {

    record Result(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\nstdout: " + out + "\nstderr: " + err;
        }
    }

    private Cli() {
    }

    /** rdcp in-process, its standard input empty. */
    static Result rdcp(String... args) {
        return withInput(new byte[0], args);
    }

    /** rdcp in-process with {@code input} as its standard input (what "-" names in --files-from and the rule files). */
    static Result withInput(byte[] input, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true));
        commandLine.<RdcpCommand>getCommand().copy.standardInput = new StandardInput(new ByteArrayInputStream(input));
        int code = commandLine.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    /** rdcp in-process, what it prints on stdout and stderr in one text (as a terminal shows them), as {@code out}. */
    static Result together(String... args) {
        StringWriter both = new StringWriter();
        PrintWriter writer = new PrintWriter(both, true);
        CommandLine commandLine = Main.commandLine(writer, writer);
        commandLine.<RdcpCommand>getCommand().copy.standardInput = new StandardInput(new ByteArrayInputStream(new byte[0]));
        int code = commandLine.execute(args);
        return new Result(code, both.toString(), "");
    }

    /** rdcp in-process with a --timeout fit for the emulated CPU of the VM tests. */
    static Result emulated(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--timeout";
        all[1] = "300";
        System.arraycopy(args, 0, all, 2, args.length);
        return rdcp(all);
    }

    /** {@link #emulated} with --json, its one line of summary checked and parsed. */
    static JsonResult emulatedJson(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "--json";
        System.arraycopy(args, 0, all, 1, args.length);
        return JsonResult.of(emulated(all));
    }

    static Path randomFile(Path path, long size, long seed) throws IOException {
        Random random = new Random(seed);
        byte[] block = new byte[1 << 16];
        try (var out = Files.newOutputStream(path)) {
            for (long written = 0; written < size; written += block.length) {
                random.nextBytes(block);
                out.write(block, 0, (int) Math.min(block.length, size - written));
            }
        }
        return path;
    }

    static String sha256(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Files in {@code dir} whose names mark them as rdcp temporaries. */
    static long tempFiles(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".rdcp-tmp")).count();
        }
    }
}
