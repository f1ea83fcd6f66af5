package dev.rdcp.cli;

import dev.rdcp.posix.PathErrors;
import dev.rdcp.session.TransferLog;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.FileAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.layout.MarkerPatternSelector;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.apache.logging.log4j.core.layout.PatternMatch;

/**
 * Where a daemon's log goes, from rsyncd.conf's {@code log file} and {@code transfer logging}.
 * Both change the running Log4j core configuration; the daemon always runs on core (LogBackend).
 */
final class DaemonLog {

    /** rsync's prefix in a log file: "%t [%p] ". */
    private static final String TIME_AND_PID = "%d{yyyy/MM/dd HH:mm:ss} [%pid] ";
    /** The name of the stderr appender in log4j2.properties. */
    private static final String STDERR = "stderr";

    private DaemonLog() {
    }

    /** Transfer lines are written whatever the daemon's -v: rsync writes them whenever a module asks. */
    static void logTransfers() {
        if (LogBackend.isCore()) {
            Configurator.setLevel(TransferLog.LOGGER, Level.INFO);
        }
    }

    /**
     * The log goes to {@code file}, appended, instead of stderr: transfer lines as rsync writes
     * them, others with their level and source. As rsync's daemon, one that cannot be opened
     * leaves the log where it was; the returned reason (null on success) says why.
     */
    static String toFile(Path file) {
        if (!LogBackend.isCore()) {
            return "the log has no configurable backend";
        }
        try (OutputStream probe = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            // Opened once here, so that a file that cannot be written is reported as the daemon starts.
        } catch (IOException e) {
            return PathErrors.reason(e);
        }
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration configuration = context.getConfiguration();
        MarkerPatternSelector patterns = MarkerPatternSelector.newBuilder()
                .setProperties(new PatternMatch[] {new PatternMatch(TransferLog.MARKER.getName(), TIME_AND_PID + "%msg%n")})
                .setDefaultPattern(TIME_AND_PID + "%-5level %c{1}: %msg%n%throwable")
                .setConfiguration(configuration)
                .build();
        FileAppender appender = FileAppender.newBuilder()
                .withFileName(file.toString())
                .withAppend(true)
                .setName("logFile")
                .setLayout(PatternLayout.newBuilder().withConfiguration(configuration).withPatternSelector(patterns).build())
                .setConfiguration(configuration)
                .build();
        appender.start();
        configuration.addAppender(appender);
        LoggerConfig root = configuration.getRootLogger();
        root.removeAppender(STDERR);
        root.addAppender(appender, null, null);
        context.updateLoggers();
        return null;
    }
}
