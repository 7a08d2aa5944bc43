package dev.lockdrill.harness.interleave;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loads the learner's classes with yield points ({@link YieldPointInjector}); everything else (the
 * JDK, the kata's API, the harness) comes from the parent unchanged. Rewritten bytes are shared
 * through {@code rewritten}, so a fresh loader per schedule costs no second rewrite.
 */
public final class YieldingClassLoader extends URLClassLoader {
    private final Map<String, byte[]> rewritten;

    public YieldingClassLoader(URL[] urls, ClassLoader parent, Map<String, byte[]> rewritten) {
        super("kata-interleaved", urls, parent);
        this.rewritten = rewritten;
    }

    /** A cache to share between the loaders of one implementation. */
    public static Map<String, byte[]> newCache() {
        return new ConcurrentHashMap<>();
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] bytes = rewritten.get(name);
        if (bytes == null) {
            URL resource = findResource(name.replace('.', '/') + ".class");
            if (resource == null) {
                throw new ClassNotFoundException(name);
            }
            try (InputStream in = resource.openStream()) {
                bytes = YieldPointInjector.inject(in.readAllBytes(), this::isFinal);
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
            rewritten.put(name, bytes);
        }
        return defineClass(name, bytes, 0, bytes.length);
    }

    /** True if the learner's class {@code owner} declares {@code field} final (read from its class file). */
    private boolean isFinal(String owner, String field) {
        URL resource = findResource(owner + ".class");
        if (resource == null) {
            return false;
        }
        try (InputStream in = resource.openStream()) {
            boolean[] found = {false};
            new ClassReader(in.readAllBytes()).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public FieldVisitor visitField(int access, String name, String descriptor, String signature,
                                               Object value) {
                    if (name.equals(field) && (access & Opcodes.ACC_FINAL) != 0) {
                        found[0] = true;
                    }
                    return null;
                }
            }, ClassReader.SKIP_CODE);
            return found[0];
        } catch (IOException e) {
            return false;
        }
    }
}
