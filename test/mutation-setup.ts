import fc from "fast-check";

/**
 * For mutation runs only (vitest.mutation.config.ts):
 * - one seed for every property: @fast-check/vitest names each test "… (with seed=N)", and Stryker
 *   re-runs a mutant's covering tests by name, so a seed drawn per run would match no test and
 *   every mutant only a property can kill would "survive" (MUTATION_SEED picks another seed);
 * - a property that fails under a mutant has killed it: shrinking would only spend the run's time.
 */
fc.configureGlobal({
  ...fc.readConfigureGlobal(),
  seed: Number(process.env.MUTATION_SEED ?? 20_261_124),
  endOnFailure: true,
});
