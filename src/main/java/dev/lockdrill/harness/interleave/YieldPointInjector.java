package dev.lockdrill.harness.interleave;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.function.BiPredicate;

/**
 * Rewrites one learner class so that every access another thread could observe is preceded by a
 * call to {@link Interleaving#reached(String)}: reads of fields that are not final, every field
 * write, {@code synchronized} entry, calls into {@code java.util.concurrent} (atomics, locks) and
 * calls to the ticker and the listener. Constructors and static initialisers are left alone: nothing
 * in them is shared yet. Outside an interleaving the call returns at once, so the rewritten class
 * behaves as the original.
 */
final class YieldPointInjector {
    private static final String HOOK_OWNER = "dev/lockdrill/harness/interleave/Interleaving";
    private static final String HOOK_DESCRIPTOR = "(Ljava/lang/String;)V";

    private YieldPointInjector() {
    }

    /** {@code finalField} answers whether field {@code name} of class {@code owner} (internal name) is final. */
    static byte[] inject(byte[] original, BiPredicate<String, String> finalField) {
        ClassReader reader = new ClassReader(original);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new Injecting(writer, finalField), 0);
        return writer.toByteArray();
    }

    private static final class Injecting extends ClassVisitor {
        private final BiPredicate<String, String> finalField;
        private String simpleName;

        Injecting(ClassVisitor next, BiPredicate<String, String> finalField) {
            super(Opcodes.ASM9, next);
            this.finalField = finalField;
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName,
                          String[] interfaces) {
            simpleName = name.substring(name.lastIndexOf('/') + 1);
            super.visit(version, access, name, signature, superName, interfaces);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                         String[] exceptions) {
            MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
            if (name.equals("<init>") || name.equals("<clinit>")) {
                return next;
            }
            return new YieldingMethod(next, simpleName + "." + name, finalField);
        }
    }

    private static final class YieldingMethod extends MethodVisitor {
        private final String method;
        private final BiPredicate<String, String> finalField;
        private int line;

        YieldingMethod(MethodVisitor next, String method, BiPredicate<String, String> finalField) {
            super(Opcodes.ASM9, next);
            this.method = method;
            this.finalField = finalField;
        }

        @Override
        public void visitLineNumber(int line, Label start) {
            this.line = line;
            super.visitLineNumber(line, start);
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            boolean write = opcode == Opcodes.PUTFIELD || opcode == Opcodes.PUTSTATIC;
            if (write) {
                yieldPoint("write " + name);
            } else if (!owner.startsWith("java/") && !owner.startsWith("dev/lockdrill/")
                    && !finalField.test(owner, name)) {
                yieldPoint("read " + name);
            }
            super.visitFieldInsn(opcode, owner, name, descriptor);
        }

        @Override
        public void visitInsn(int opcode) {
            if (opcode == Opcodes.MONITORENTER) {
                yieldPoint("enter synchronized");
            }
            super.visitInsn(opcode);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            if (owner.startsWith("java/util/concurrent/") || owner.equals("java/lang/invoke/VarHandle")
                    || owner.equals("dev/lockdrill/katas/api/breaker/Ticker")
                    || owner.equals("dev/lockdrill/katas/api/breaker/TransitionListener")) {
                yieldPoint("call " + owner.substring(owner.lastIndexOf('/') + 1) + "." + name);
            }
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            super.visitMaxs(maxStack + 1, maxLocals);
        }

        private void yieldPoint(String what) {
            super.visitLdcInsn(method + ":" + line + " " + what);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOK_OWNER, "reached", HOOK_DESCRIPTOR, false);
        }
    }
}
