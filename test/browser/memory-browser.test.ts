import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { estimateTokens } from "../../src/engine/context/context-budget.js";
import type { RunningHttpServer } from "../../src/http.js";
import type { MemoryHome, RecallResult } from "../../src/index.js";
import { startHttpServer } from "../../src/surfaces/http/start-http-server.js";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../src/testing/test-home.js";
import { type LaunchedChromium, launchChromium } from "./chromium.js";
import { countOf, focused, IS_FOCUSED, textOf, visible } from "./see.js";
import { SESSION_ID, seedHome } from "./seed-home.js";

/**
 * The web memory browser in a real browser: Debian's chromium driven by playwright-core, against the
 * real server on loopback and a real home on disk. What a person sees, clicks and types; what the
 * files say afterwards. Screenshots of the main views go to docs/screenshots/ when
 * MNEMO_SCREENSHOTS=1 (otherwise to a temporary folder, so a test run leaves the tree as it was).
 */
let chromium: LaunchedChromium;
let screenshots: string;
let root: string;
let home: string;
let memory: MemoryHome;
let server: RunningHttpServer;
let page: Page;
let problems: string[];
/** Console messages a test expects (the browser logs every 404 the page asks for, even one it handles). */
let expectedProblems: RegExp[];
const LOGGED_404 = /the server responded with a status of 404/;

beforeAll(async () => {
  chromium = await launchChromium();
  screenshots =
    process.env.MNEMO_SCREENSHOTS === "1"
      ? join(REPOSITORY_ROOT, "docs", "screenshots")
      : await makeTempDir("mnemo-screenshots-");
  await mkdir(screenshots, { recursive: true });
});
afterAll(async () => {
  await chromium?.close();
  if (process.env.MNEMO_SCREENSHOTS !== "1" && screenshots) await removeDir(screenshots);
});

beforeEach(async () => {
  ({ root, home, memory } = await seedHome());
  server = await startHttpServer({ memory, port: 0 });
  page = await chromium.context.newPage();
  problems = [];
  expectedProblems = [];
  // A CSP violation, a failed script or an uncaught error shows up here.
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
});
afterEach(async () => {
  await page.close();
  await server.close();
  await memory.close();
  await removeDir(root);
  expect(problems.filter((problem) => !expectedProblems.some((expected) => expected.test(problem)))).toEqual(
    [],
  );
});

async function open(view: string): Promise<void> {
  await page.goto(`${server.url}/ui/#/${view}`);
  await page.locator("#view-heading").waitFor();
}

async function shoot(name: string): Promise<void> {
  await page.screenshot({ path: join(screenshots, `${name}.png`) });
}

const disk = (path: string) => readFile(join(home, path), "utf8");
const exists = (path: string) =>
  stat(join(home, path)).then(
    () => true,
    () => false,
  );

describe("the web memory browser", () => {
  it("shows the profile by section; an edited section is written to USER.md", async () => {
    await open("profile");
    await textOf(page.getByRole("heading", { level: 1 })).toBe("Profile");
    const user = page.getByRole("region", { name: "User profile USER.md" });
    await visible(user.getByRole("heading", { name: "## Name" }));
    await visible(user.getByText("The user is Grace Hopper."));
    await visible(user.getByRole("meter", { name: "USER.md budget used" }));
    await shoot("profile");

    await user.getByRole("button", { name: "Edit ## Name" }).click();
    const text = page.getByRole("textbox", { name: "Text of ## Name in USER.md" });
    await focused(text);
    await text.fill("The user is Rear Admiral Grace Hopper.");
    await page.getByRole("button", { name: "Save" }).click();
    await textOf(page.locator("#notice")).toMatch(/^Saved ## Name in USER\.md: \d+ of 1400 characters\.$/);
    expect(await disk("USER.md")).toContain("## Name\nThe user is Rear Admiral Grace Hopper.\n");
    await visible(user.getByText("The user is Rear Admiral Grace Hopper."));
    await focused(user.getByRole("button", { name: "Edit ## Name" }));
  });

  it("shows a memory with its age and staleness; forgetting moves it to archive/, restoring brings it back", async () => {
    await open("memories");
    const row = page.getByRole("row", { name: /Prefers tabs/ });
    await textOf(row).toContain("feedback");
    await textOf(row).toContain("3 days");
    await textOf(row).toContain("stale");
    await shoot("memories");

    await row.getByRole("link", { name: "Prefers tabs" }).click();
    await textOf(page.getByRole("heading", { level: 1 })).toBe("Prefers tabs");
    await visible(page.getByText("Indent with tabs, never spaces."));
    await visible(page.getByText(/This memory was saved 3 days ago/));
    await shoot("memory");
    const before = await disk("memories/feedback_prefers-tabs.md");

    await page.getByRole("button", { name: "Forget" }).click();
    await focused(page.getByRole("button", { name: "Cancel" }));
    await page
      .getByRole("group", { name: /Forget "Prefers tabs"/ })
      .getByRole("button", { name: "Forget" })
      .click();
    await textOf(page.getByRole("heading", { level: 1 })).toBe("Memories");
    await textOf(page.locator("#notice")).toMatch(
      /Forgot "Prefers tabs": its file is in archive\/memories\//,
    );
    expect(await exists("memories/feedback_prefers-tabs.md")).toBe(false);
    expect(await disk("archive/memories/feedback_prefers-tabs.md")).toContain(
      "Indent with tabs, never spaces.",
    );
    expect(await disk("MEMORY.md")).not.toContain("Prefers tabs");

    await page.getByRole("link", { name: "Archive" }).click();
    const archived = page.getByRole("article", { name: /From memories\/feedback_prefers-tabs\.md/ });
    await textOf(archived).toContain("deleted");
    await shoot("archive");
    await archived.getByRole("button", { name: /^Restore/ }).click();
    await textOf(page.locator("#notice")).toBe(
      'Restored memory "Prefers tabs" to memories/feedback_prefers-tabs.md.',
    );
    expect(await disk("memories/feedback_prefers-tabs.md")).toBe(before);
    expect(await disk("MEMORY.md")).toContain("[Prefers tabs](memories/feedback_prefers-tabs.md)");
    expect(await exists("archive/memories/feedback_prefers-tabs.md")).toBe(false);
    await countOf(page.getByRole("article", { name: /From memories\/feedback_prefers-tabs\.md/ })).toBe(0);
  });

  it("searches, and shows the ranked hits with the scores the API gives", async () => {
    await open("search");
    await page.getByRole("searchbox", { name: "Search memory" }).fill("release thursday");
    await page.keyboard.press("Enter");
    await focused(page.getByRole("heading", { name: /hits? for “release thursday”/ }));
    const expected = (await (
      await fetch(`${server.url}/v1/search?limit=20&query=release%20thursday`)
    ).json()) as RecallResult;
    expect(expected.hits.length).toBeGreaterThan(1);
    const rows = page.locator("table.hits tbody tr");
    await countOf(rows).toBe(expected.hits.length);
    for (const [index, hit] of expected.hits.entries()) {
      const cells = rows.nth(index).locator("td");
      await textOf(cells.nth(0)).toMatch(String(index + 1));
      await textOf(cells.nth(1)).toMatch(hit.score.toFixed(3));
      await textOf(rows.nth(index).getByRole("rowheader")).toContain(hit.path);
    }
    await textOf(rows.first().getByRole("rowheader")).toContain("Release train");
    await shoot("search");
  });

  it("shows what a session was given (the frozen block, its tokens, the memories per turn) and what it wrote", async () => {
    const log = await memory.sessions.get(SESSION_ID);
    await open("sessions");
    const row = page.getByRole("row", { name: /2026-05-14 10:30/ });
    await textOf(row).toContain(`${estimateTokens(log.frozen?.text ?? "")} tokens`);
    await row.getByRole("link").click();
    await textOf(page.getByRole("heading", { level: 1 })).toBe(`Session ${SESSION_ID}`);
    await visible(
      page.getByText(
        `The frozen block: ${log.frozen?.characters} characters, about ${log.frozen?.tokens} tokens.`,
      ),
    );
    await page.getByText("Show the frozen block").click();
    await textOf(page.locator("details pre")).toContain("<user-profile>");
    await visible(page.getByText("Should I indent with tabs?"));
    await visible(page.getByText("memories/feedback_prefers-tabs.md Prefers tabs"));
    await textOf(page.getByRole("listitem").filter({ hasText: "memory_add" })).toContain("Miso");
    await visible(page.getByText("memory: Owns a cat"));
    await page.getByText("Show the frozen block").click();
    await shoot("session");
  });

  it("shows the journal, the daily logs and the status", async () => {
    await open("journal");
    await page.getByRole("link", { name: "user_prefs" }).click();
    await visible(page.getByText("Answers in French when the user writes in French."));
    await open("daily");
    await visible(page.getByText("Reviewed the release checklist."));
    await open("status");
    await visible(page.getByText(/^4 \(user 1, feedback 1, project 1, reference 1\)$/));
    await visible(page.getByRole("link", { name: SESSION_ID }));
    await shoot("status");
  });

  it("can be used with the keyboard alone: skip link, navigation, editing a memory", async () => {
    await open("profile");
    await page.keyboard.press("Tab");
    await focused(page.getByRole("link", { name: "Skip to content" }));
    await page.keyboard.press("Tab"); // the navigation comes next: Profile, then Memories
    await focused(page.getByRole("link", { name: "Profile" }));
    await page.keyboard.press("Tab");
    await focused(page.getByRole("link", { name: "Memories", exact: true }));
    await page.keyboard.press("Enter");
    await focused(page.getByRole("heading", { level: 1, name: "Memories" }));
    await tabTo(page.getByRole("link", { name: "Release train" }));
    await page.keyboard.press("Enter");
    await focused(page.getByRole("heading", { level: 1, name: "Release train" }));
    await tabTo(page.getByRole("button", { name: "Edit" }));
    await page.keyboard.press("Enter");
    await focused(page.getByRole("textbox", { name: "Description" }));
    await page.keyboard.press("Tab");
    await focused(page.getByRole("textbox", { name: "Content" }));
    await page.keyboard.press("End");
    await page.keyboard.type(" Skip it in August.");
    await tabTo(page.getByRole("button", { name: "Save" }));
    await page.keyboard.press("Enter");
    await focused(page.getByRole("button", { name: "Edit" }));
    await textOf(page.locator("#notice")).toMatch(
      /^Saved "Release train"\. The previous version is in archive\//,
    );
    expect(await disk("memories/project_release-train.md")).toContain("at 14:00. Skip it in August.");
    // Forgetting asks first, with the focus on Cancel; cancelling gives the focus back to Forget.
    await tabTo(page.getByRole("button", { name: "Forget" }));
    await page.keyboard.press("Enter");
    await focused(page.getByRole("button", { name: "Cancel" }));
    await page.keyboard.press("Enter");
    await focused(page.getByRole("button", { name: "Forget" }));
    expect(await exists("memories/project_release-train.md")).toBe(true);
  });

  it("says in words what each view shows: no object dumps, nothing wider than the window", async () => {
    const journal = (await (await fetch(`${server.url}/v1/journal`)).json()) as {
      categories: Record<string, string>;
    };
    await open("journal");
    const routes = page.locator("dl.facts");
    for (const [category, topic] of Object.entries(journal.categories)) {
      await textOf(routes.locator("dt").filter({ hasText: new RegExp(`^${category}$`) })).toBe(category);
      await textOf(routes.locator(`dt:text-is("${category}") + dd`)).toBe(topic);
    }
    await textOf(page.locator("main")).toContain("Where each category goes");
    for (const view of VIEWS) {
      await open(view);
      const text = await page.locator("main").textContent();
      expect(text, view).not.toMatch(/\[object |undefined|NaN|Something went wrong/);
      expect(await page.evaluate(OVERFLOW), view).toBe(false);
    }
  });

  it("lists memories newest first by the time each says it was updated, not by its file's time", async () => {
    // Copied in last (its file is the newest) but updated 321 days ago, as an import or a git checkout leaves it.
    await writeFile(
      join(home, "memories", "reference_old-wiki.md"),
      "---\nname: Old wiki\ndescription: The wiki before the move\ntype: reference\n" +
        "created: 2025-06-27T09:00:00.000Z\nupdated: 2025-06-27T09:00:00.000Z\n---\nThe old wiki is read-only.\n",
    );
    await open("memories");
    await textOf(page.locator("main > p").filter({ hasText: "memories" })).toBe("5 memories, newest first.");
    const names = page.locator("tbody th");
    await countOf(names).toBe(5);
    expect((await names.allInnerTexts()).slice(-2)).toEqual(["Prefers tabs", "Old wiki"]);
    await textOf(page.getByRole("row", { name: /Old wiki/ })).toContain("321 days");
  });

  it("an edit that meets a change made meanwhile takes the current text and says so; the next Save works", async () => {
    await open("profile");
    const user = page.getByRole("region", { name: "User profile USER.md" });
    await user.getByRole("button", { name: "Edit ## Preferences" }).click();
    const text = page.getByRole("textbox", { name: "Text of ## Preferences in USER.md" });
    await text.fill("Likes short answers.");
    expectedProblems.push(LOGGED_404); // the refused save
    // Another agent writes to the section while the form is open.
    await memory.profile.replace("user", {
      section: "Preferences",
      oldText: "one example",
      newText: "two examples",
    });
    await page.getByRole("button", { name: "Save" }).click();
    await textOf(page.getByRole("alert")).toContain(
      "## Preferences changed in USER.md since you opened it (another agent or person saved it), so nothing was saved.",
    );
    await expect.poll(() => text.inputValue()).toBe("Likes short answers with two examples.");
    await textOf(page.getByLabel("Your text")).toBe("Likes short answers.");
    await text.fill("Likes short answers, two examples at most.");
    await page.getByRole("button", { name: "Save" }).click();
    await textOf(page.locator("#notice")).toMatch(/^Saved ## Preferences in USER\.md/);
    expect(await disk("USER.md")).toContain("## Preferences\nLikes short answers, two examples at most.\n");
  });

  it("a memory that is not there says so, with its name", async () => {
    expectedProblems.push(LOGGED_404);
    await open("memories/No%20such%20memory");
    await textOf(page.getByRole("heading", { level: 1 })).toBe("Memory not found");
    await visible(page.getByText("There is no memory named “No such memory”."));
    await visible(page.getByRole("link", { name: "archive" }));
  });

  it("MEMORY.md's index links each memory; the server's root opens the browser", async () => {
    await page.goto(`${server.url}/`);
    await page.locator("#view-heading").waitFor();
    expect(new URL(page.url()).pathname).toBe("/ui/");
    const notes = page.getByRole("region", { name: "Agent notes MEMORY.md" });
    const index = notes.getByRole("list", { name: "Index of typed memories" });
    await textOf(index.getByRole("listitem").filter({ hasText: "Runbook" })).toBe(
      "Runbook — Where the on-call runbook lives",
    );
    await index.getByRole("link", { name: "Release train" }).click();
    await textOf(page.getByRole("heading", { level: 1 })).toBe("Release train");
    await visible(page.getByText("The release train leaves every second Thursday at 14:00."));
  });

  it("names every control, link and region, on every view", async () => {
    for (const view of VIEWS) {
      await open(view);
      const unnamed = await page.evaluate(UNNAMED_CONTROLS);
      expect(unnamed, view).toEqual([]);
    }
  });
});

const VIEWS = [
  "profile",
  "memories",
  "memories/Runbook",
  "journal",
  "journal/user_prefs",
  "daily",
  "archive",
  "search",
  "sessions",
  `sessions/${SESSION_ID}`,
  "status",
];

/** Whether the page is wider than the window (a line that does not wrap): run in the page. */
const OVERFLOW = "document.documentElement.scrollWidth > document.documentElement.clientWidth";

/**
 * The controls, links and meters with no accessible name (aria-label, a label element, or text):
 * run in the page, so written as the page's JavaScript.
 */
const UNNAMED_CONTROLS = `[...document.querySelectorAll("a, button, input, textarea, select, meter, summary")]
  .filter((element) => {
    const label = element.labels && element.labels.length > 0 ? element.labels[0].textContent : undefined;
    const name = element.getAttribute("aria-label") ?? label ?? element.textContent;
    return (name ?? "").trim() === "";
  })
  .map((element) => element.outerHTML.slice(0, 80))`;

/** Presses Tab until `target` has the focus (at most 40 times), as a keyboard user does. */
async function tabTo(target: ReturnType<Page["locator"]>): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate(IS_FOCUSED)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("the element was not reached with Tab");
}
