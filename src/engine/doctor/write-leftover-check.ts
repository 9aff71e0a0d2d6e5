import type { HomeContext } from "../home/home-context.js";
import type { DoctorProblem } from "./doctor-problem.js";

/** Doctor's view of what killed writers left behind (the store knows what its writes leave). */
export async function checkWriteLeftovers(home: HomeContext): Promise<DoctorProblem[]> {
  return (await home.store.leftovers()).map((leftover) => ({
    kind: "write-leftover",
    path: leftover.path,
    message: `${leftover.description}; holds no acknowledged text, --fix removes it`,
    fixable: true,
  }));
}

export async function cleanWriteLeftovers(home: HomeContext): Promise<string[]> {
  return (await home.store.cleanLeftovers()).map(
    (leftover) => `${leftover.path}: removed (${leftover.description})`,
  );
}
