package dev.lockdrill.kata.breakerplacement.workload;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.lockdrill.katas.api.breaker.CircuitBreaker;
import dev.lockdrill.katas.api.emitter.PlatformClient;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the learner's compiled classes with ArchUnit: which classes call PlatformClient.send, and
 * whether each of them also asks a CircuitBreaker for a permit and reports outcomes to it. Only the
 * learner's folder is imported (types outside it are known by name), which keeps the scan fast.
 */
final class StructureScan {
    private StructureScan() {
    }

    static List<Map<String, Object>> scan(Path classesDir) {
        ArchConfiguration.get().setResolveMissingDependenciesFromClassPath(false);
        JavaClasses classes = new ClassFileImporter().importPath(classesDir);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (JavaClass type : classes) {
            Set<JavaMethodCall> calls = type.getMethodCallsFromSelf();
            List<String> senders = calls.stream()
                    .filter(call -> call.getTarget().getOwner().isAssignableTo(PlatformClient.class)
                            && call.getName().equals("send"))
                    .map(call -> call.getOrigin().getName() + ":" + call.getLineNumber())
                    .distinct().toList();
            if (senders.isEmpty()) {
                continue;
            }
            boolean asks = calls(calls, "tryAcquirePermission");
            boolean reports = calls(calls, "onSuccess") || calls(calls, "onError");
            rows.add(Map.of("class", type.getName(), "sendCalls", String.join(", ", senders),
                    "asksBreaker", asks, "reportsToBreaker", reports));
        }
        return rows;
    }

    private static boolean calls(Set<JavaMethodCall> calls, String method) {
        return calls.stream().anyMatch(call -> call.getTarget().getOwner().isAssignableTo(CircuitBreaker.class)
                && call.getName().equals(method));
    }
}
