import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningHttpServer } from "../../src/http.js";
import { type MemoryHomes, openHomes } from "../../src/index.js";
import { startHttpServer } from "../../src/surfaces/http/start-http-server.js";
import { makeTempDir, openTestMemory, removeDir } from "../../src/testing/test-home.js";
import {
  startTestPostgres,
  type TestPostgres,
  testPostgresHasServer,
} from "../../src/testing/test-postgres.js";
import { type LaunchedChromium, launchChromium } from "./chromium.js";
import { textOf, visible } from "./see.js";

/**
 * The web memory browser behind tokens, in Debian's chromium: what the token form tells a person on
 * a server of one home and on a server of many homes, the question a link carrying a token asks
 * before the tab keeps it (a page anyone can send must not sign a person into the sender's home),
 * and what the header says of where a tenant's home is kept (never the database's address).
 */
let chromium: LaunchedChromium;
let page: Page;
let problems: string[];

beforeAll(async () => {
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
});
beforeEach(async () => {
  page = await chromium.context.newPage();
  problems = [];
  // A CSP violation, a failed script or an uncaught error; the browser also logs each 401 it was answered, which is expected here.
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 40[14]/.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
});
afterEach(async () => {
  await page.close();
  expect(problems).toEqual([]);
});

async function openPage(url: string): Promise<void> {
  await page.goto(url);
  await page.locator("#view-heading").waitFor();
}

async function signIn(url: string, token: string): Promise<void> {
  await openPage(`${url}/ui/`);
  await page.getByLabel("Bearer token").fill(token);
  await page.getByRole("button", { name: "Use this token" }).click();
  await textOf(page.getByRole("heading", { level: 1 })).toBe("Profile");
}

const header = () => page.locator("#home-path");

describe("the token form of a server of one home", () => {
  it("asks for the token the server was started with", async () => {
    const { memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } });
    const server = await startHttpServer({ memory, port: 0, token: "one-home-token-0123" });
    try {
      await openPage(`${server.url}/ui/`);
      await textOf(page.getByRole("heading", { level: 1 })).toBe("This server needs a token");
      await textOf(page.locator("main")).toContain(
        "It was started with a token (mnemo serve --token, or MNEMO_HTTP_TOKEN): give that token here. It is kept for this tab only.",
      );
      await page.getByLabel("Bearer token").fill("one-home-token-0123");
      await page.getByRole("button", { name: "Use this token" }).click();
      await textOf(header()).toBe(home);
    } finally {
      await server.close();
      await memory.close();
      await removeDir(home);
    }
  });
});

describe("a server of many homes in folders", () => {
  let root: string;
  let homes: MemoryHomes;
  let server: RunningHttpServer;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    root = await makeTempDir("mnemo-browser-homes-");
    homes = await openHomes({ root, env: { MNEMO_EMBEDDER: "none" }, onWarning: () => undefined });
    for (const [who, content] of [
      ["ada", "Ada keeps her notes here."],
      ["mallory", "Mallory reads whatever lands here."],
    ] as const) {
      await homes.createHome(`acme/${who}`);
      token[who] = (await homes.issueToken({ homes: [`acme/${who}`] })).token;
      const memory = await homes.openHome(`acme/${who}`);
      await memory.memories.save({ type: "user", name: `${who} notes`, description: "notes", content });
      await memory.close();
    }
    server = await startHttpServer({ homes, port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    await homes?.close();
    await removeDir(root);
  });

  it("asks for the token issued for one's home, and names the home, not the server's folder", async () => {
    await openPage(`${server.url}/ui/`);
    const main = page.locator("main");
    await textOf(main).toContain(
      "This server keeps many memory homes, and a token opens only the homes it was issued for. Give the token you were given for your home; the server's operator issues them (mnemo tokens create <home id>). It is kept for this tab only.",
    );
    await textOf(main).not.toContain("serve --token");
    await signIn(server.url, token.ada as string);
    await textOf(header()).toBe("acme/ada (a folder on the server)");
    await page.getByRole("link", { name: "Status" }).click();
    await textOf(main).toContain("Home acme/ada (a folder on the server)");
    await textOf(page.locator("body")).not.toContain(root);
  });

  it("a link with a token first says which home it opens; the tab keeps it only on a click", async () => {
    await signIn(server.url, token.ada as string);
    const link = `${server.url}/ui/#token=${encodeURIComponent(token.mallory as string)}`;
    await openPage(link);
    await textOf(page.getByRole("heading", { level: 1 })).toBe("Use the token from this link?");
    const main = page.locator("main");
    await textOf(main).toContain(
      "The link you opened carries a token for this server. It opens the memory home acme/mallory (a folder on the server).",
    );
    await textOf(main).toContain("This tab uses another token now; this one would replace it.");
    expect(page.url()).not.toContain("token");
    await page.getByRole("button", { name: "Do not use it" }).click();
    await textOf(page.getByRole("heading", { level: 1 })).toBe("Profile");
    await textOf(header()).toBe("acme/ada (a folder on the server)");

    await openPage(link);
    await page.getByRole("button", { name: "Use this token" }).click();
    await textOf(header()).toBe("acme/mallory (a folder on the server)");
    await page.getByRole("link", { name: "Memories", exact: true }).click();
    await visible(page.getByRole("link", { name: "mallory notes" }));
  });

  it("a link with a token the server refuses says it was not kept", async () => {
    await openPage(`${server.url}/ui/#token=not-a-token-of-this-server`);
    await textOf(page.getByRole("heading", { level: 1 })).toBe("The link's token was not kept");
    await textOf(page.locator("main")).toContain(
      "The link you opened carries a token this server does not accept: it is wrong, or was revoked.",
    );
    await page.getByRole("button", { name: "Continue" }).click();
    await textOf(page.getByRole("heading", { level: 1 })).toBe("This server needs a token");
  });
});

describe.skipIf(!testPostgresHasServer())("a server of many homes in PostgreSQL", () => {
  let database: TestPostgres;
  let settings: string;
  let homes: MemoryHomes;
  let server: RunningHttpServer;
  let tenant: string;

  beforeAll(async () => {
    database = await startTestPostgres();
    settings = await makeTempDir("mnemo-browser-pg-");
    homes = await openHomes({
      store: database.url as string,
      env: { MNEMO_EMBEDDER: "none", MNEMO_HOME: settings },
      onWarning: () => undefined,
    });
    await homes.createHome("acme/ada");
    tenant = (await homes.issueToken({ homes: ["acme/ada"] })).token;
    server = await startHttpServer({ homes, port: 0 });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await homes?.close();
    await database?.stop();
    if (settings) await removeDir(settings);
  });

  it("tells a tenant PostgreSQL keeps its home, and nothing of the database's address", async () => {
    const url = new URL(database.url as string);
    await openPage(`${server.url}/ui/#token=${encodeURIComponent(tenant)}`);
    await textOf(page.locator("main")).toContain("It opens the memory home acme/ada (PostgreSQL).");
    await page.getByRole("button", { name: "Use this token" }).click();
    await textOf(header()).toBe("acme/ada (PostgreSQL)");
    await page.getByRole("link", { name: "Status" }).click();
    await textOf(page.locator("main")).toContain("Home acme/ada (PostgreSQL)");
    const body = page.locator("body");
    for (const secret of ["postgres://", url.host, `:${url.port}`, `${url.username}@`])
      await textOf(body).not.toContain(secret);
  });
});
