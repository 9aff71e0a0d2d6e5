import { appendFile, copyFile, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  type FakeOpenAiServer,
  type RecordedChatRequest,
  startFakeOpenAiServer,
} from "../../testing/fake-openai-server.js";
import { spawnMnemo } from "../../testing/test-cli.js";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../testing/test-home.js";

/**
 * `mnemo learn` through the built binary, with the home's chat model pointing at the scripted
 * OpenAI-compatible server: a transcript is learned once per part, by file or from a Claude Code
 * hook, and without a model it is kept for later. Fixtures are written from the public formats.
 */
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const FIXTURES = join(REPOSITORY_ROOT, "src", "session", "learning", "formats", "fixtures");
const SESSION = "5d1f0c2e-7b7a-4c1e-9d57-2f0e4b8a9c31";
const FIRST_USER_MESSAGE = "please remember that";

const isExtraction = (request: RecordedChatRequest) => request.body.response_format !== undefined;
const prompt = (request: RecordedChatRequest) => JSON.stringify(request.body.messages);

function answerFor(request: RecordedChatRequest): string {
  const memories = [];
  if (prompt(request).includes("Postgres 15 at db.staging.internal"))
    memories.push({
      type: "project",
      name: "Staging database",
      description: "Where the staging database runs",
      body: "Staging runs Postgres 15 on db.staging.internal.",
      supersedes: null,
    });
  if (prompt(request).includes("only from the release branch"))
    memories.push({
      type: "feedback",
      name: "Staging deploys",
      description: "Which branch deploys to staging",
      body: "Deploy to staging only from the release branch.",
      supersedes: null,
    });
  return JSON.stringify({ memories, entries: [], summary: "" });
}

/** `gate`: the model answers only once it resolves (a learn held mid-extraction for as long as a test needs). */
async function setUp(options: { model?: boolean; delayMs?: number; gate?: Promise<void> } = {}) {
  const home = await makeTempDir();
  cleanups.push(() => removeDir(home));
  const server = await startFakeOpenAiServer({
    reply: async (request) => {
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
      await options.gate;
      return { content: answerFor(request) };
    },
  });
  cleanups.push(() => server.close());
  const llm = options.model === false ? {} : { llm: { baseUrl: server.baseURL, model: "fake-model" } };
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" }, ...llm }));
  const transcript = join(home, "..", `${home.split("/").at(-1)}-session.jsonl`);
  await copyFile(join(FIXTURES, "claude-code-session.jsonl"), transcript);
  cleanups.push(() => removeDir(transcript));
  return { home, server, transcript };
}

/** A promise the scripted model waits on before it answers, released by the test (or at cleanup). */
function heldAnswers() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  cleanups.push(async () => release());
  return { promise, release: () => release() };
}

const extractions = (server: FakeOpenAiServer) => server.requests.filter(isExtraction);
const memoryFiles = async (home: string) => (await readdir(join(home, "memories")).catch(() => [])).sort();

async function learn(home: string, args: string[]) {
  const run = await spawnMnemo(["learn", ...args, "--home", home, "--json"], { env: { OPENAI_API_KEY: "" } });
  return { ...run, report: run.stdout === "" ? undefined : JSON.parse(run.stdout) };
}

async function waitUntil(what: string, check: () => Promise<boolean>) {
  for (let waited = 0; !(await check()); waited += 50) {
    if (waited > 30_000) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("mnemo learn <transcript>", () => {
  test("learns a Claude Code transcript once; again, nothing; appended messages, only those", async () => {
    const { home, server, transcript } = await setUp();

    const first = await learn(home, [transcript]);
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.report).toMatchObject({
      status: "learned",
      sessionId: SESSION,
      format: "claude-code",
      messages: 5,
      range: { from: 1, to: 5 },
      extraction: { model: "openai:fake-model", added: 1, updated: 0, unchanged: 0 },
      pending: null,
    });
    expect(await memoryFiles(home)).toEqual(["project_staging-database.md"]);
    expect(extractions(server)).toHaveLength(1);
    expect(prompt(extractions(server)[0] as RecordedChatRequest)).toContain(FIRST_USER_MESSAGE);

    const again = await learn(home, [transcript]);
    expect(again.status).toBe(0);
    expect(again.report).toMatchObject({ status: "nothing-new", messages: 5, extraction: null });
    expect(server.requests).toHaveLength(1);
    const text = await spawnMnemo(["learn", transcript, "--home", home]);
    expect(text.stdout).toContain("Nothing new in");
    expect(text.stdout).toContain("all 5 messages were learned before");

    await appendFile(
      transcript,
      await readFile(join(FIXTURES, "claude-code-session-continued.jsonl"), "utf8"),
    );
    const appended = await learn(home, [transcript]);
    expect(appended.report).toMatchObject({ status: "learned", messages: 7, range: { from: 6, to: 7 } });
    expect(extractions(server)).toHaveLength(2);
    const second = prompt(extractions(server)[1] as RecordedChatRequest);
    expect(second).toContain("only from the release branch");
    expect(second).not.toContain(FIRST_USER_MESSAGE);
    expect(await memoryFiles(home)).toEqual(["feedback_staging-deploys.md", "project_staging-database.md"]);
    expect(await readdir(join(home, ".pending"))).toEqual([]);
  });

  test("without a model: the transcript is recorded as conversation memory and its extraction queued for later", async () => {
    const { home, server, transcript } = await setUp({ model: false });

    const run = await learn(home, [transcript]);
    expect(run.status).toBe(0);
    expect(run.report).toMatchObject({ status: "learned", extraction: null, recorded: { turns: 3 } });
    expect(run.report.pending).toBe(`.pending/${SESSION}.json`);
    const conversation = await readFile(join(home, "conversations", `${SESSION}.md`), "utf8");
    expect(conversation).toContain("Our staging database runs on Postgres 15 at db.staging.internal");
    const queued = JSON.parse(await readFile(join(home, ".pending", `${SESSION}.json`), "utf8"));
    expect(queued).toMatchObject({ sessionId: SESSION, attempts: 1 });
    expect(queued.claim).toBeUndefined();
    expect(JSON.stringify(queued.transcript)).toContain(FIRST_USER_MESSAGE);
    expect(await memoryFiles(home)).toEqual([]);
    expect(server.requests).toHaveLength(0);

    // A later run with a model extracts what waits, as it does for a chat session's.
    const config = { search: { embedder: "none" }, llm: { baseUrl: server.baseURL, model: "fake-model" } };
    await writeFile(join(home, "config.json"), JSON.stringify(config));
    const doctor = await spawnMnemo(["doctor", "--fix", "--home", home], { env: { OPENAI_API_KEY: "" } });
    expect(doctor.stdout).toContain(`session ${SESSION}: extracted with`);
    expect(await memoryFiles(home)).toEqual(["project_staging-database.md"]);
    expect(await readdir(join(home, ".pending"))).toEqual([]);
    expect((await learn(home, [transcript])).report.status).toBe("nothing-new");
  });

  test("a malformed transcript: an error naming the file and line, a non-zero exit, nothing written", async () => {
    const { home, server, transcript } = await setUp();
    const lines = (await readFile(transcript, "utf8")).split("\n");
    await writeFile(transcript, [...lines.slice(0, 3), "{not json", ...lines.slice(3)].join("\n"));

    const run = await spawnMnemo(["learn", transcript, "--home", home]);
    expect(run.status).toBe(4);
    expect(run.stderr).toContain(`${transcript} line 4: not JSON`);
    expect(run.stdout).toBe("");
    expect((await readdir(home)).sort()).toEqual(["config.json"]);
    expect(server.requests).toHaveLength(0);
  });

  test("two learns of one transcript at once: one learns it, the other says it is being learned", async () => {
    const gate = heldAnswers();
    const { home, server, transcript } = await setUp({ gate: gate.promise });
    const first = learn(home, [transcript]);
    await waitUntil("the first learn calls the model", async () => server.requests.length > 0);
    const second = await learn(home, [transcript]);
    gate.release();
    expect(second.status).toBe(0);
    expect(second.report).toMatchObject({ status: "busy", heldBy: { pid: expect.any(Number) } });
    expect((await first).report).toMatchObject({ status: "learned", extraction: { added: 1 } });
    expect(extractions(server)).toHaveLength(1);
    expect((await learn(home, [transcript])).report.status).toBe("nothing-new");
  });

  test("--wait (what --hook's learner runs): a learn that finds the transcript busy waits, then learns what came after", async () => {
    const gate = heldAnswers();
    const { home, server, transcript } = await setUp({ gate: gate.promise });
    const first = learn(home, [transcript]);
    await waitUntil("the first learn calls the model", async () => server.requests.length > 0);
    await appendFile(
      transcript,
      await readFile(join(FIXTURES, "claude-code-session-continued.jsonl"), "utf8"),
    );
    const waiting = learn(home, [transcript, "--wait"]);
    // The first is held mid-extraction while the second starts (in about a second) and finds it busy.
    setTimeout(gate.release, 3000);
    const second = await waiting;
    expect((await first).report).toMatchObject({ status: "learned", range: { from: 1, to: 5 } });
    expect(second.report).toMatchObject({ status: "learned", range: { from: 6, to: 7 } });
    expect(extractions(server)).toHaveLength(2);
    expect(prompt(extractions(server)[1] as RecordedChatRequest)).not.toContain(FIRST_USER_MESSAGE);
  });

  test("--dry-run says which messages would be learned and writes nothing", async () => {
    const { home, server, transcript } = await setUp();
    const run = await learn(home, [transcript, "--dry-run"]);
    expect(run.report).toMatchObject({ status: "dry-run", range: { from: 1, to: 5 } });
    expect(server.requests).toHaveLength(0);
    expect((await readdir(home)).filter((name) => name !== ".index").sort()).toEqual(["config.json"]);
  });
});

describe("mnemo learn --hook", () => {
  const hookInput = (event: string, transcript: string) =>
    JSON.stringify({
      session_id: SESSION,
      transcript_path: transcript,
      cwd: "/home/ana/shop",
      hook_event_name: event,
      ...(event === "PreCompact" ? { trigger: "auto", custom_instructions: "" } : { reason: "exit" }),
    });

  test("answers at once and learns in the background: PreCompact, then SessionEnd learns only the new part", async () => {
    const gate = heldAnswers();
    const { home, server, transcript } = await setUp({ gate: gate.promise });
    const ledger = join(home, ".learned", `${SESSION}.json`);
    const learnedUpTo = async (messages: number) => {
      const text = await readFile(ledger, "utf8").catch(() => "{}");
      const parsed = JSON.parse(text);
      return parsed.learned?.messages === messages && parsed.claim === undefined;
    };

    const preCompact = await spawnMnemo(["learn", "--hook", "--home", home], {
      input: hookInput("PreCompact", transcript),
      env: { OPENAI_API_KEY: "" },
    });
    expect(preCompact.status).toBe(0);
    expect(preCompact.stdout).toBe("");
    // The model's answer is held until now: the hook returned without waiting for the learn.
    expect(await learnedUpTo(5)).toBe(false);
    gate.release();
    await waitUntil("the PreCompact part is learned", () => learnedUpTo(5));
    expect(await memoryFiles(home)).toEqual(["project_staging-database.md"]);

    await appendFile(
      transcript,
      await readFile(join(FIXTURES, "claude-code-session-continued.jsonl"), "utf8"),
    );
    const sessionEnd = await spawnMnemo(["learn", "--hook", "--home", home], {
      input: hookInput("SessionEnd", transcript),
      env: { OPENAI_API_KEY: "" },
    });
    expect(sessionEnd.status).toBe(0);
    await waitUntil("the SessionEnd part is learned", () => learnedUpTo(7));
    expect(extractions(server)).toHaveLength(2);
    expect(prompt(extractions(server)[1] as RecordedChatRequest)).not.toContain(FIRST_USER_MESSAGE);
    // The learner logs after it marks what it learned: wait for the line itself.
    const learnLog = () => readFile(join(home, ".logs", "learn.log"), "utf8").catch(() => "");
    await waitUntil("the learner logs the SessionEnd part", async () => (await learnLog()).includes("of 7"));
    const log = await learnLog();
    expect(log).toContain(`PreCompact of session ${SESSION}: learning ${transcript}`);
    expect(log).toContain("Learned messages 6-7 of 7");
  });

  test("input that is no hook's JSON: exit 0 all the same, the problem logged to the home", async () => {
    const { home } = await setUp();
    const run = await spawnMnemo(["learn", "--hook", "--home", home], { input: "not json" });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain("not JSON");
    expect(await readFile(join(home, ".logs", "learn.log"), "utf8")).toContain("nothing learned");
    expect((await stat(join(home, ".learned")).catch(() => undefined)) === undefined).toBe(true);
  });
});

describe("what waits in .pending/", () => {
  const sessionStart = JSON.stringify({
    session_id: "next-session",
    transcript_path: "/home/ana/.claude/projects/shop/next-session.jsonl",
    cwd: "/home/ana/shop",
    hook_event_name: "SessionStart",
    source: "startup",
  });
  const withModel = (server: FakeOpenAiServer) =>
    JSON.stringify({ search: { embedder: "none" }, llm: { baseUrl: server.baseURL, model: "fake-model" } });

  test("mnemo learn --pending: without a model says why it waits; with one extracts it, once", async () => {
    const { home, server, transcript } = await setUp({ model: false });
    expect((await spawnMnemo(["learn", "--pending", "--home", home])).stdout).toBe(
      "Nothing waits in .pending/.\n",
    );
    expect((await learn(home, [transcript])).report.pending).toBe(`.pending/${SESSION}.json`);

    const waiting = await spawnMnemo(["learn", "--pending", "--home", home], { env: { OPENAI_API_KEY: "" } });
    expect(waiting.status).toBe(0);
    expect(waiting.stdout).toContain(
      "1 conversation(s) wait in .pending/ for extraction: no chat model is configured",
    );
    expect(server.requests).toHaveLength(0);

    await writeFile(join(home, "config.json"), withModel(server));
    const extracted = await learn(home, ["--pending"]);
    expect(extracted.status).toBe(0);
    expect(extracted.report).toMatchObject({ pending: true, queued: 1, model: "openai:fake-model" });
    expect(extracted.report.reports).toHaveLength(1);
    expect(await memoryFiles(home)).toEqual(["project_staging-database.md"]);
    expect(await readdir(join(home, ".pending"))).toEqual([]);
    expect((await learn(home, ["--pending"])).report).toMatchObject({ queued: 0, reports: [] });
    expect(extractions(server)).toHaveLength(1);
    const both = await spawnMnemo(["learn", transcript, "--pending", "--home", home]);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain("name no transcript with it");
  });

  test("the SessionStart hook extracts a transcript learned before a model was configured, in the background, once", async () => {
    const { home, server, transcript } = await setUp({ model: false });
    expect((await learn(home, [transcript])).report.pending).toBe(`.pending/${SESSION}.json`);
    await writeFile(join(home, "config.json"), withModel(server));

    const start = await spawnMnemo(["hook", "session-start", "--home", home, "--budget-ms", "60000"], {
      input: sessionStart,
      env: { OPENAI_API_KEY: "" },
    });
    expect(start.status).toBe(0);
    expect(JSON.parse(start.stdout).hookSpecificOutput.hookEventName).toBe("SessionStart");
    await waitUntil(
      "the queued part is extracted",
      async () => (await readdir(join(home, ".pending"))).length === 0,
    );
    await waitUntil("its memory is written", async () => (await memoryFiles(home)).length === 1);
    // The learner logs after it writes: wait for its line, not only for the memory (CI saw the gap).
    const learnLog = () => readFile(join(home, ".logs", "learn.log"), "utf8").catch(() => "");
    await waitUntil("the learner logs what it did", async () =>
      (await learnLog()).includes(`session ${SESSION}:`),
    );
    expect(await memoryFiles(home)).toEqual(["project_staging-database.md"]);
    expect(extractions(server)).toHaveLength(1);
    const hooksLog = await readFile(join(home, ".logs", "hooks.log"), "utf8");
    expect(hooksLog).toMatch(
      /SessionStart session next-session: 1 conversation\(s\) wait in \.pending\/: extracting them in process \d+/,
    );
    expect(await readFile(join(home, ".logs", "learn.log"), "utf8")).toContain(
      `session ${SESSION}: extracted with openai:fake-model`,
    );

    // The next session's start finds nothing waiting: no learner, no model call.
    const again = await spawnMnemo(["hook", "session-start", "--home", home, "--budget-ms", "60000"], {
      input: sessionStart,
      env: { OPENAI_API_KEY: "" },
    });
    expect(again.status).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(extractions(server)).toHaveLength(1);
    expect(
      (await readFile(join(home, ".logs", "hooks.log"), "utf8")).match(/wait in \.pending/g),
    ).toHaveLength(1);
  });

  test("without a model the SessionStart hook starts no learner: the part keeps waiting", async () => {
    const { home, server, transcript } = await setUp({ model: false });
    await learn(home, [transcript]);
    const start = await spawnMnemo(["hook", "session-start", "--home", home, "--budget-ms", "60000"], {
      input: sessionStart,
    });
    expect(start.status).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await readdir(join(home, ".pending"))).toEqual([`${SESSION}.json`]);
    expect(await readFile(join(home, ".logs", "hooks.log"), "utf8").catch(() => "")).not.toContain(
      ".pending",
    );
    expect(server.requests).toHaveLength(0);
  });
});
