package dev.lockdrill.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar's manifest ("dev" when running from classes). */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = LockdrillCommand.class.getPackage().getImplementationVersion();
        return new String[]{"lockdrill " + (version == null ? "dev" : version)
                + " (Java " + Runtime.version().feature() + ")"};
    }
}
