package dev.rdcp.cli;

import picocli.CommandLine;

/** The version from the jar manifest (the build stamps it). */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[] {"rdcp " + (version == null ? "(development build)" : version)};
    }
}
