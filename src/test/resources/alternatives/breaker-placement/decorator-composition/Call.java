package katas.breakerplacement;

/** Any call that may fail; the decorators wrap one in another. */
@FunctionalInterface
interface Call<T> {
    T call() throws Exception;
}
