package dev.rdcp.cli;

import dev.rdcp.verbs.NativeVerbs;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The run the launcher records its class-data-sharing archive from: it loads what a copy or a
 * daemon loads (the command line, logging, JNA and the verbs bindings, and every rdcp class),
 * so that the archive does not depend on whichever command a user happened to run first.
 * Needs no RDMA device; prints nothing.
 */
public final class StartupTraining {

    private static final String[] SIMPLE_LOGGER_CLASSES = {"org.apache.logging.log4j.simple.SimpleLoggerContextFactory",
        "org.apache.logging.log4j.simple.SimpleLoggerContext", "org.apache.logging.log4j.simple.SimpleLogger"};

    private StartupTraining() {
    }

    public static void main(String[] args) throws IOException, URISyntaxException, ClassNotFoundException {
        PrintWriter discard = new PrintWriter(Writer.nullWriter());
        Main.run(discard, discard, "--help");
        Main.run(discard, discard, "serve", "--help");
        NativeVerbs.unavailableReason();
        // Runs without -v log through the API's simple logger: archive it beside core.
        for (String name : SIMPLE_LOGGER_CLASSES) {
            Class.forName(name, false, StartupTraining.class.getClassLoader());
        }
        loadEveryClassOf(Path.of(StartupTraining.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
    }

    /** Loads, without initializing, every class in rdcp's own jar. */
    private static void loadEveryClassOf(Path jar) throws IOException {
        ClassLoader loader = StartupTraining.class.getClassLoader();
        try (JarFile file = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                if (name.endsWith(".class") && !name.endsWith("module-info.class")) {
                    try {
                        Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false, loader);
                    } catch (ClassNotFoundException | LinkageError e) {
                        // A class that cannot load here is one the archive simply leaves out.
                    }
                }
            }
        }
    }
}
