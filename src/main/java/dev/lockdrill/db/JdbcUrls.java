package dev.lockdrill.db;

import java.util.regex.Pattern;

/** Shows JDBC URLs without their secrets. */
public final class JdbcUrls {
    private static final Pattern PASSWORD_PARAM = Pattern.compile("(?i)([?&;]password=)[^&;]*");
    private static final Pattern USER_INFO = Pattern.compile("(//[^/@:]+):[^/@]*@");

    private JdbcUrls() {
    }

    public static String redact(String url) {
        if (url == null) {
            return null;
        }
        String out = PASSWORD_PARAM.matcher(url).replaceAll("$1***");
        return USER_INFO.matcher(out).replaceAll("$1:***@");
    }
}
