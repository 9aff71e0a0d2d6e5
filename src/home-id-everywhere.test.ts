import { fc, test as propertyTest } from "@fast-check/vitest";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FsHomeDirectory } from "./adapters/fs/fs-home-directory.js";
import { InMemoryHomeDirectory } from "./adapters/memory/in-memory-home-directory.js";
import { PostgresDocumentStore } from "./adapters/postgres/postgres-document-store.js";
import { PostgresMessageStore } from "./adapters/postgres/postgres-message-store.js";
import { PostgresSearchIndex } from "./adapters/postgres/postgres-search-index.js";
import type { SqlClient } from "./adapters/postgres/sql-client.js";
import { configSchema } from "./engine/config/schema.js";
import { MnemoError } from "./errors.js";
import { homeIdProblem } from "./rules/home-id.js";
import { makeTempDir, removeDir } from "./testing/test-home.js";

/**
 * Issue 15, point 2: one home-id rule for every backend. Whatever a caller sends, the folders of
 * `serve --homes`, the database adapters, the config's `homeId` (MNEMO_HOME_ID, --home-id) and the
 * in-memory oracle all accept it or all refuse it; and the rule is the stricter of the two each
 * backend had, so no id it accepts was refused by either before.
 */
const segment = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,8}$/);
const anyId = fc.oneof(
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/")),
  fc.string({
    unit: fc.constantFrom("a", "Z", "0", "-", "_", ".", "..", "/", "\\", "@", ":", " ", "é", "\n"),
    maxLength: 14,
  }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom("x".repeat(200), `${"x".repeat(64)}/${"y".repeat(64)}/${"z".repeat(64)}/w`),
);

/** The database's rule before issue 15 (src/engine/home/home-id.ts, now gone). */
const OLD_DATABASE_RULE = (id: string) =>
  id.length <= 200 &&
  /^[A-Za-z0-9][A-Za-z0-9._@:/-]*$/.test(id) &&
  id.split("/").every((part) => part !== "" && part !== "." && part !== "..");

/** The client is only kept by the constructors (they do no I/O); a query would be a bug here. */
const unusedClient = new Proxy({} as SqlClient, {
  get: () => {
    throw new Error("a constructor queried the database");
  },
});

async function accepts(check: () => unknown): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    if (MnemoError.isInstance(error) && error.code === "INVALID_INPUT") return false;
    throw error;
  }
}

describe("one home-id rule on every backend", () => {
  let root: string;
  beforeAll(async () => {
    root = await makeTempDir("mnemo-home-ids-");
  });
  afterAll(() => removeDir(root));

  propertyTest.prop([anyId], { numRuns: 300 })(
    "folders, database adapters, config and the oracle agree on every id",
    async (id) => {
      const valid = homeIdProblem(id) === undefined;
      const homeId = id;
      const verdicts = {
        folders: await accepts(() => new FsHomeDirectory({ root, lockTimeoutMs: 1000 }).exists(id)),
        oracle: await accepts(() => new InMemoryHomeDirectory().exists(id)),
        documents: await accepts(() => new PostgresDocumentStore({ client: unusedClient, homeId })),
        searchIndex: await accepts(() => new PostgresSearchIndex({ client: unusedClient, homeId })),
        messages: await accepts(() => new PostgresMessageStore({ client: unusedClient, homeId })),
        config: configSchema.safeParse({ store: "postgres://db/memory", homeId }).success,
      };
      expect(verdicts).toEqual({
        folders: valid,
        oracle: valid,
        documents: valid,
        searchIndex: valid,
        messages: valid,
        config: valid,
      });
      if (valid) expect(OLD_DATABASE_RULE(id)).toBe(true);
    },
  );

  test("the ids the issue names pass; what either backend refused is refused", () => {
    for (const id of ["acme/user-42", "alice", "t1/agent_7/x-y"]) expect(homeIdProblem(id)).toBeUndefined();
    for (const id of ["Acme/user-42", "team.alpha:agent@2", "a/../b", "x".repeat(201), ".mnemo"])
      expect(homeIdProblem(id), id).toBeDefined();
  });

  test("a refused config homeId says why and what a home id is", () => {
    const parsed = configSchema.safeParse({ store: "postgres://db/memory", homeId: "Acme" });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toMatch(/the part \\"Acme\\".*A home id is 1 to 8/);
  });
});
