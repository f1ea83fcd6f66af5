package dev.rdcp.filter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** Merge files and environment variables for {@link CommandLineRules}, held in memory. */
final class TestSources implements CommandLineRules.Sources {

    private final Map<String, byte[]> files = new HashMap<>();
    private final Map<String, String> environment = new HashMap<>();

    TestSources file(String name, String content) {
        files.put(name, content.getBytes(StandardCharsets.UTF_8));
        return this;
    }

    TestSources variable(String name, String value) {
        environment.put(name, value);
        return this;
    }

    @Override
    public byte[] read(String name, boolean include) throws IOException {
        byte[] content = files.get(name);
        if (content == null) {
            throw new IOException("failed to open " + (include ? "include" : "exclude") + " file " + name);
        }
        return content;
    }

    @Override
    public byte[] readIfPresent(String name) {
        return files.get(name);
    }

    @Override
    public String environment(String variable) {
        return environment.get(variable);
    }
}
