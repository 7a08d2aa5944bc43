package dev.lockdrill.harness;

import dev.lockdrill.harness.interleave.YieldingClassLoader;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The learner's compiled classes. Every {@link #create} loads them in a fresh class loader, so
 * each worker behaves like a separate process: static fields and in-memory caches are not shared
 * between workers, exactly as they would not be between two service instances.
 */
public final class Implementation implements AutoCloseable {
    private final URL[] urls;
    private final String className;
    private final ClassLoader parent;
    private final List<URLClassLoader> loaders = new ArrayList<>();
    private final Map<String, byte[]> rewritten = YieldingClassLoader.newCache();

    public Implementation(URL[] urls, String className, ClassLoader parent) {
        this.urls = urls.clone();
        this.className = className;
        this.parent = parent;
    }

    public String className() {
        return className;
    }

    /** The folder of the learner's compiled classes (the first class-path entry), e.g. for ArchUnit. */
    public Path classesDir() {
        try {
            return Path.of(urls[0].toURI());
        } catch (URISyntaxException e) {
            throw new HarnessException("the classes folder " + urls[0] + " is not a file path");
        }
    }

    /** Constructs a new instance, in a new "process", with the public constructor taking these types. */
    public <T> T create(Class<T> expected, Class<?>[] parameterTypes, Object... args) {
        return construct(loadInFreshLoader(new URLClassLoader("kata", urls, parent)), expected, parameterTypes, args);
    }

    /**
     * Like {@link #create}, with a yield point before every shared access in the learner's classes,
     * so a {@link dev.lockdrill.harness.interleave.Interleaving} decides how its calls interleave.
     */
    public <T> T createInterleavable(Class<T> expected, Class<?>[] parameterTypes, Object... args) {
        return construct(loadInFreshLoader(new YieldingClassLoader(urls, parent, rewritten)), expected, parameterTypes,
                args);
    }

    private <T> T construct(Class<?> type, Class<T> expected, Class<?>[] parameterTypes, Object... args) {
        if (!expected.isAssignableFrom(type)) {
            throw new HarnessException(type.getName() + " must implement " + expected.getName());
        }
        try {
            Constructor<?> constructor = type.getConstructor(parameterTypes);
            return expected.cast(constructor.newInstance(args));
        } catch (NoSuchMethodException e) {
            throw new HarnessException(type.getName() + " needs a public constructor " + type.getSimpleName() + "("
                    + String.join(", ", Arrays.stream(parameterTypes).map(Class::getSimpleName).toList()) + ")");
        } catch (InvocationTargetException e) {
            throw new HarnessException("the constructor of " + type.getName() + " threw " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new HarnessException("cannot construct " + type.getName() + ": " + e);
        }
    }

    private Class<?> loadInFreshLoader(URLClassLoader loader) {
        synchronized (loaders) {
            loaders.add(loader);
        }
        try {
            return Class.forName(className, true, loader);
        } catch (ClassNotFoundException e) {
            throw new HarnessException("class " + className + " was not found; the kata expects a public class "
                    + "with that exact name and package");
        } catch (LinkageError e) {
            throw new HarnessException("class " + className + " could not be loaded: " + e, e);
        }
    }

    @Override
    public void close() {
        synchronized (loaders) {
            for (URLClassLoader loader : loaders) {
                try {
                    loader.close();
                } catch (IOException ignored) {
                    // nothing left to release
                }
            }
            loaders.clear();
        }
    }
}
