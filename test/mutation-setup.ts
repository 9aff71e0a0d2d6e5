import fc from "fast-check";

/**
 * For mutation runs only (vitest.mutation.config.ts): a property that fails under a mutant has
 * killed it; shrinking the counterexample would only spend minutes of the run.
 */
fc.configureGlobal({ ...fc.readConfigureGlobal(), endOnFailure: true });
