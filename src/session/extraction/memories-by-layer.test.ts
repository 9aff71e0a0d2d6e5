import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MemoryType } from "../../engine/memdir/memory-types.js";
import type { ScopeStack } from "../../engine/scopes/scope-stack.js";
import { openScopes } from "../../open-scopes.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { extractSession } from "./extract-session.js";
import type { MemoryCandidate } from "./extraction-candidates.js";
import { memoriesByLayer } from "./memories-by-layer.js";

/** Where extraction writes each typed memory on a stack of two real homes, and on one home. */
describe("memoriesByLayer", () => {
  let scratch: string;
  let stack: ScopeStack;

  beforeEach(async () => {
    scratch = await makeTempDir("mnemo-memories-by-layer-");
    await mkdir(join(scratch, "shop", ".mnemo"), { recursive: true });
    stack = await openScopes({
      cwd: join(scratch, "shop"),
      env: { HOME: join(scratch, "person"), MNEMO_EMBEDDER: "none" },
    });
  });
  afterEach(async () => {
    await stack.close();
    await removeDir(scratch);
  });

  const candidate = (type: MemoryType, name: string): MemoryCandidate => ({
    type,
    name,
    description: name,
    body: `${name} body`,
    supersedes: undefined,
  });
  const names = (batch: { candidates: MemoryCandidate[] } | undefined) =>
    batch?.candidates.map((each) => each.name);

  it("puts user and feedback memories in the session's home and project and reference ones in the project's", () => {
    const user = stack.layer("user");
    const project = stack.layer("project");
    const batches = memoriesByLayer(stack.sessionHome, stack, [
      candidate("project", "Deploys"),
      candidate("user", "Ada"),
      candidate("reference", "Tracker"),
      candidate("feedback", "Tabs"),
    ]);
    expect(batches).toHaveLength(2);
    expect(batches[0]?.memory).toBe(user);
    expect(names(batches[0])).toEqual(["Ada", "Tabs"]);
    expect(batches[1]?.memory).toBe(project);
    expect(names(batches[1])).toEqual(["Deploys", "Tracker"]);
  });

  it("keeps the session's own handle first, even empty, when it is another view of the user layer", () => {
    const session = stack.sessionHome.writingAs({ agent: "helper" });
    const batches = memoriesByLayer(session, stack, [candidate("project", "Deploys")]);
    expect(batches.map((batch) => batch.memory)).toEqual([session, stack.layer("project")]);
    expect(names(batches[0])).toEqual([]);
    const own = memoriesByLayer(session, stack, [candidate("feedback", "Tabs")]);
    expect(own).toHaveLength(1);
    expect(own[0]?.memory).toBe(session);
    expect(names(own[0])).toEqual(["Tabs"]);
  });

  it("writes everything in the session's home without a stack", () => {
    const home = stack.sessionHome;
    const batches = memoriesByLayer(home, undefined, [
      candidate("project", "Deploys"),
      candidate("user", "Ada"),
    ]);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.memory).toBe(home);
    expect(names(batches[0])).toEqual(["Deploys", "Ada"]);
  });

  /** The stack's project layer, holding the memory "Deploys" (Tuesday mornings). */
  async function projectLayerKnowingDeploys() {
    const project = stack.layer("project");
    if (!project) throw new Error("the stack has no project layer");
    await project.memories.save({
      type: "project",
      name: "Deploys",
      description: "When the shop deploys",
      content: "The shop deploys on Tuesday mornings only.",
    });
    return project;
  }

  it("extracts into the layer of each type and reconciles against that layer's memories", async () => {
    const project = await projectLayerKnowingDeploys();
    const model = new ScriptedChatModel({
      replies: [
        JSON.stringify({
          memories: [
            {
              type: "project",
              name: "Deploy day",
              description: "When the shop deploys",
              body: "The shop deploys on Tuesday mornings only.",
              supersedes: null,
            },
            {
              type: "reference",
              name: "Tracker",
              description: "Bugs",
              body: "Bugs live in Linear.",
              supersedes: null,
            },
            {
              type: "feedback",
              name: "Tabs",
              description: "Indent",
              body: "Indent with tabs.",
              supersedes: null,
            },
          ],
          entries: [],
          summary: "Talked about deploys.",
        }),
      ],
    });
    const report = await extractSession({
      memory: stack.sessionHome,
      scopes: stack,
      model,
      transcript: [{ role: "user", content: "We deploy on Tuesdays; bugs are in Linear; I use tabs." }],
      sessionId: "s1",
      onWarning: () => undefined,
    });
    expect(report.error).toBeUndefined();
    // A duplicate of the project layer's memory is skipped, though the user's home has none like it.
    expect(report.skipped.map((item) => item.label)).toEqual(["Deploy day"]);
    expect(await readdir(join(project.home, "memories"))).toEqual(
      expect.arrayContaining(["project_deploys.md", "reference_tracker.md"]),
    );
    const userFiles = await readdir(join(stack.sessionHome.home, "memories"));
    expect(userFiles).toContain("feedback_tabs.md");
    expect(userFiles).not.toContain("reference_tracker.md");
  });

  it("a project memory that supersedes one of the project layer's archives that one in the project's home", async () => {
    const project = await projectLayerKnowingDeploys();
    const model = new ScriptedChatModel({
      replies: [
        JSON.stringify({
          memories: [
            {
              type: "project",
              name: "Release window",
              description: "When the shop releases now",
              body: "Releases moved to Thursday afternoons.",
              supersedes: "Deploys",
            },
          ],
          entries: [],
          summary: "",
        }),
      ],
    });
    const report = await extractSession({
      memory: stack.sessionHome,
      scopes: stack,
      model,
      transcript: [{ role: "user", content: "Deploys moved: we release on Thursday afternoons now." }],
      sessionId: "s2",
      onWarning: () => undefined,
    });
    expect(report.error).toBeUndefined();
    expect(await readdir(join(project.home, "memories"))).toEqual(["project_release-window.md"]);
    expect(await readdir(join(project.home, "archive", "memories"))).toEqual(["project_deploys.md"]);
  });
});
