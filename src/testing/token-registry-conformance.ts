import { fc, test as propertyTest } from "@fast-check/vitest";
import { describe, expect, test } from "vitest";
import type { TokenGrant, TokenRegistry, TokenRequest } from "../contracts/token-registry.js";

/**
 * The behaviour every TokenRegistry must have, as vitest tests. An adapter's test file calls
 * `describeTokenRegistryConformance("files", async () => ({ registry, reopen, storedText, cleanup }))`;
 * `createRegistry` returns a fresh, empty registry.
 */
export interface TokenRegistryUnderTest {
  registry: TokenRegistry;
  /** Another handle on the same storage, as a second server process would open it. */
  reopen: () => TokenRegistry;
  /** Everything the registry stored, as text (files, rows): a token must never appear in it. */
  storedText: () => Promise<string>;
  cleanup?: () => Promise<void>;
}

export function describeTokenRegistryConformance(
  name: string,
  createRegistry: () => Promise<TokenRegistryUnderTest>,
): void {
  async function withRegistry(work: (under: TokenRegistryUnderTest) => Promise<void>): Promise<void> {
    const under = await createRegistry();
    try {
      await work(under);
    } finally {
      await under.cleanup?.();
    }
  }

  describe(`TokenRegistry conformance: ${name}`, () => {
    test("an issued token verifies to its grant, and is listed without its secret", () =>
      withRegistry(async ({ registry }) => {
        const before = Date.now();
        const { token, grant } = await registry.issue({
          homes: ["acme/u-1", "acme/u-2"],
          label: "support bot",
        });
        expect(grant).toMatchObject({ homes: ["acme/u-1", "acme/u-2"], admin: false, label: "support bot" });
        expect(grant.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
        expect(await registry.verify(token)).toEqual(grant);
        const admin = await registry.issue({ homes: [], admin: true });
        expect(admin.grant).toMatchObject({ homes: [], admin: true });
        expect(admin.grant).not.toHaveProperty("label");
        expect(await registry.list()).toEqual([grant, admin.grant]);
        expect(JSON.stringify(await registry.list())).not.toContain(token);
      }));

    test("a token is stored only as a hash", () =>
      withRegistry(async ({ registry, storedText }) => {
        const tokens = await Promise.all([
          registry.issue({ homes: ["a"] }),
          registry.issue({ homes: ["b"], admin: true }),
        ]);
        const stored = await storedText();
        expect(stored).toContain(tokens[0].grant.id);
        for (const { token } of tokens) {
          expect(stored).not.toContain(token);
          expect(stored).not.toContain(token.slice(6, 26)); // nor a piece of its secret
        }
      }));

    test("unknown, altered and malformed tokens verify to nothing", () =>
      withRegistry(async ({ registry }) => {
        const { token } = await registry.issue({ homes: ["a"] });
        const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
        for (const wrong of [
          altered,
          `${token}x`,
          token.slice(0, -1),
          "",
          "mnemo_",
          "Bearer x",
          token.toUpperCase(),
        ])
          expect(await registry.verify(wrong)).toBeUndefined();
      }));

    test("revoke: the token is refused from then on, also by another handle", () =>
      withRegistry(async ({ registry, reopen }) => {
        const kept = await registry.issue({ homes: ["a"] });
        const revoked = await registry.issue({ homes: ["a"] });
        const other = reopen();
        expect(await other.verify(revoked.token)).toEqual(revoked.grant);
        expect(await other.revoke(revoked.grant.id)).toBe(true);
        expect(await registry.verify(revoked.token)).toBeUndefined();
        expect(await registry.verify(kept.token)).toEqual(kept.grant);
        expect(await registry.revoke(revoked.grant.id)).toBe(false);
        expect(await registry.revoke("tok_0000000000000000")).toBe(false);
        expect((await registry.list()).map((grant) => grant.id)).toEqual([kept.grant.id]);
      }));

    test.each([
      [{ homes: ["../etc"] }, /homes\[0\] "\.\.\/etc" is not a valid home id/],
      [{ homes: [] }, /could do nothing/],
      [{ homes: ["a"], label: "x".repeat(201) }, /label must be text of 1 to 200/],
      [{ homes: ["a"], rights: { write: true, read: "own" } }, /rights.read "own" needs rights.agents/],
      [{ homes: ["a"], rights: { write: "no", read: "all" } }, /rights.write must be true or false/],
      [
        { homes: ["a"], rights: { write: true, agents: [], read: "all" } },
        /rights.agents must be a non-empty list/,
      ],
    ])("refuses the request %j with INVALID_INPUT, storing nothing", (request, message) =>
      withRegistry(async ({ registry }) => {
        await expect(registry.issue(request as TokenRequest)).rejects.toMatchObject({
          code: "INVALID_INPUT",
          message: expect.stringMatching(message),
        });
        expect(await registry.list()).toEqual([]);
      }),
    );

    test("rights are kept as issued, also by another handle; full rights are stored as none", () =>
      withRegistry(async ({ registry, reopen }) => {
        const reader = await registry.issue({
          homes: ["a"],
          rights: { write: false, agents: ["bob", "bob", "carol"], read: "own" },
        });
        expect(reader.grant.rights).toEqual({ write: false, agents: ["bob", "carol"], read: "own" });
        const writer = await registry.issue({ homes: ["a"], rights: { write: true, read: "all" } });
        expect(writer.grant).not.toHaveProperty("rights");
        const other = reopen();
        expect(await other.verify(reader.token)).toEqual(reader.grant);
        expect(await other.list()).toEqual([reader.grant, writer.grant]);
        const copy = await registry.verify(reader.token);
        copy?.rights?.agents?.push("mallory");
        expect((await registry.verify(reader.token))?.rights?.agents).toEqual(["bob", "carol"]);
      }));

    test("tokens issued at once through several handles are all kept", () =>
      withRegistry(async ({ registry, reopen }) => {
        const handles = [registry, reopen(), reopen()];
        const issued = await Promise.all(
          Array.from({ length: 15 }, (_, index) =>
            (handles[index % 3] as TokenRegistry).issue({ homes: [`h-${index}`] }),
          ),
        );
        for (const { token, grant } of issued) expect(await registry.verify(token)).toEqual(grant);
        expect(await registry.list()).toHaveLength(15);
      }));

    test("grants returned are copies", () =>
      withRegistry(async ({ registry }) => {
        const { token, grant } = await registry.issue({ homes: ["a"] });
        grant.homes.push("b");
        (await registry.verify(token))?.homes.push("c");
        expect((await registry.verify(token))?.homes).toEqual(["a"]);
      }));

    propertyTest.prop([fc.array(fc.oneof(fc.constant("issue" as const), fc.nat(9)), { maxLength: 10 })], {
      numRuns: 15,
    })("after any issues and revocations, exactly the live tokens verify", (steps) =>
      withRegistry(async ({ registry, reopen }) => {
        const issued: Array<{ token: string; grant: TokenGrant; live: boolean }> = [];
        for (const step of steps) {
          if (step === "issue")
            issued.push({ ...(await registry.issue({ homes: [`h-${issued.length}`] })), live: true });
          else if (issued[step]) {
            expect(await registry.revoke((issued[step] as { grant: TokenGrant }).grant.id)).toBe(
              issued[step]?.live,
            );
            (issued[step] as { live: boolean }).live = false;
          }
        }
        const other = reopen();
        for (const { token, grant, live } of issued)
          expect(await other.verify(token)).toEqual(live ? grant : undefined);
      }),
    );
  });
}
