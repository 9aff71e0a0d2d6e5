import { describeHomeDirectoryConformance } from "../../testing/home-directory-conformance.js";
import { describeTokenRegistryConformance } from "../../testing/token-registry-conformance.js";
import { InMemoryHomeDirectory } from "./in-memory-home-directory.js";
import { InMemoryTokenRegistry } from "./in-memory-token-registry.js";

/** The reference implementations pass the suites they are the oracle of; a "reopened" one is the same object. */
describeHomeDirectoryConformance("in memory", async () => {
  const directory = new InMemoryHomeDirectory();
  return { directory, reopen: () => directory };
});
describeTokenRegistryConformance("in memory", async () => {
  const registry = new InMemoryTokenRegistry();
  // What it keeps is the grants by hash: its "storage" as text.
  const storedText = async () =>
    JSON.stringify([...(registry as unknown as { grantsByHash: Map<string, unknown> }).grantsByHash]);
  return { registry, reopen: () => registry, storedText };
});
