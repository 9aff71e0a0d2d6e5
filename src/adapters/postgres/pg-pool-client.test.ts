import { describe, expect, test } from "vitest";
import { MnemoError } from "../../errors.js";
import { PgPoolClient } from "./pg-pool-client.js";

/** Nothing listens on port 1: a connection attempt is refused at once. */
const UNREACHABLE = "postgres://mnemo:secret@127.0.0.1:1/memory";

function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => "resolved",
    (error: unknown) => error,
  );
}

describe("PgPoolClient, whose pool is made by the first query", () => {
  test("closes at once when it never queried, and refuses a query afterwards with IO naming the server", async () => {
    const client = new PgPoolClient({ url: UNREACHABLE });
    await client.close();
    const error = await failureOf(client.query("SELECT 1"));
    expect(MnemoError.isInstance(error) && error.code).toBe("IO");
    expect((error as Error).message).toContain("PostgreSQL at postgres://mnemo@127.0.0.1:1/memory failed");
    expect((error as Error).message).not.toContain("secret");
  });

  test("a refused connection is IO for queries and transactions alike, and close ends the pool made", async () => {
    const client = new PgPoolClient({ url: UNREACHABLE, maxConnections: 1 });
    for (const attempt of [client.query("SELECT 1"), client.transaction(async () => 1)]) {
      const error = await failureOf(attempt);
      expect(MnemoError.isInstance(error) && error.code).toBe("IO");
      expect((error as Error).message).toContain("Check that the server is up");
    }
    await client.close();
    expect(MnemoError.isInstance(await failureOf(client.query("SELECT 1")))).toBe(true);
  });
});
