package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The one line {@code rdcp --json} prints, read with regular expressions (the tests need no JSON library). */
final class JsonResult {

    static final List<String> KEYS = List.of("exit_code", "transport", "dry_run", "files", "regular_files", "directories",
            "symlinks", "created", "deleted", "transferred", "total_size", "transferred_size", "seconds",
            "bytes_per_second", "failures");

    private final String json;
    private final Cli.Result result;

    private JsonResult(String json, Cli.Result result) {
        this.json = json;
        this.result = result;
    }

    /** Checks that stdout is one JSON object with every key, and that its exit_code is the exit code. */
    static JsonResult of(Cli.Result result) {
        assertEquals(1, result.out().lines().count(), () -> "--json prints exactly one line on stdout: " + result);
        String json = result.out().strip();
        assertTrue(json.startsWith("{") && json.endsWith("}"), () -> "not a JSON object: " + result);
        for (String key : KEYS) {
            assertTrue(Pattern.compile("\"" + key + "\"\\s*:").matcher(json).find(), () -> "no \"" + key + "\": " + result);
        }
        JsonResult summary = new JsonResult(json, result);
        assertEquals(result.exitCode(), summary.number("exit_code"), () -> "exit_code is not the exit code: " + result);
        return summary;
    }

    long number(String key) {
        return Long.parseLong(value(key, "-?\\d+"));
    }

    double decimal(String key) {
        return Double.parseDouble(value(key, "-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?"));
    }

    /** A string value without escapes, such as "transport". */
    String text(String key) {
        return value(key, "\"[^\"\\\\]*\"").replace("\"", "");
    }

    boolean flag(String key) {
        return Boolean.parseBoolean(value(key, "true|false"));
    }

    /** The "failures" array as it stands in the JSON text, brackets included. */
    String failures() {
        Matcher start = Pattern.compile("\"failures\"\\s*:\\s*\\[").matcher(json);
        if (!start.find()) {
            fail("\"failures\" is not an array: " + result);
        }
        int depth = 0;
        boolean inString = false;
        for (int i = start.end() - 1; i < json.length(); i++) {
            char c = json.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '[') {
                depth++;
            } else if (c == ']' && --depth == 0) {
                return json.substring(start.end() - 1, i + 1);
            }
        }
        return fail("\"failures\" does not end: " + result);
    }

    /** The "code" of every entry of "failures", in order. */
    List<Long> failureCodes() {
        List<Long> codes = new ArrayList<>();
        Matcher code = Pattern.compile("\"code\"\\s*:\\s*(\\d+)").matcher(failures());
        while (code.find()) {
            codes.add(Long.parseLong(code.group(1)));
        }
        return codes;
    }

    private String value(String key, String valuePattern) {
        Matcher matcher = Pattern.compile("\"" + key + "\"\\s*:\\s*(" + valuePattern + ")\\s*[,}]").matcher(json);
        if (!matcher.find()) {
            fail("\"" + key + "\" is not a " + valuePattern + " value: " + result);
        }
        return matcher.group(1);
    }

    @Override
    public String toString() {
        return result.toString();
    }
}
