import { access, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChatRequest } from "../../contracts/chat-model.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { ScopeStack } from "../../engine/scopes/scope-stack.js";
import { openScopes } from "../../open-scopes.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { extractSession } from "./extract-session.js";
import { extractionLayers } from "./memories-by-layer.js";

/**
 * End-of-session extraction on a stack of two real homes (docs/scopes.md): what the model is shown
 * of each layer before its call, and a `supersedes` that names a memory of the other layer.
 */
describe("extraction on a stack", () => {
  let scratch: string;
  let stack: ScopeStack;
  let user: MemoryHome;
  let project: MemoryHome;

  beforeEach(async () => {
    scratch = await makeTempDir("mnemo-extraction-stack-");
    await mkdir(join(scratch, "shop", ".mnemo"), { recursive: true });
    stack = await openScopes({
      cwd: join(scratch, "shop"),
      env: { HOME: join(scratch, "person"), MNEMO_EMBEDDER: "none" },
    });
    user = stack.layer("user") as MemoryHome;
    project = stack.layer("project") as MemoryHome;
    await project.memories.save({
      type: "project",
      name: "Cart money",
      description: "How the cart stores money",
      content: "The cart keeps money as cents.",
    });
    await user.memories.save({
      type: "feedback",
      name: "Money in tests",
      description: "Money in test data",
      content: "Write money in tests as cents.",
    });
  });
  afterEach(async () => {
    await stack.close();
    await removeDir(scratch);
  });

  const answer = (memories: object[]) => JSON.stringify({ memories, entries: [], summary: "" });
  const memory = (fields: { type: string; name: string; body: string; supersedes?: string }) => ({
    description: fields.name,
    supersedes: null,
    ...fields,
  });
  const existingMemories = (request: ChatRequest | undefined) => {
    const text = request?.messages.at(-1)?.content ?? "";
    return text.slice(text.indexOf("<existing-memories>"), text.indexOf("</existing-memories>"));
  };

  async function extract(options: { said: string; replies: string[]; scopes?: ScopeStack | false }) {
    const model = new ScriptedChatModel({ replies: options.replies });
    const warnings: string[] = [];
    const report = await extractSession({
      memory: user,
      ...(options.scopes === false ? {} : { scopes: options.scopes ?? stack }),
      model,
      transcript: [{ role: "user", content: options.said }],
      sessionId: "s1",
      onWarning: (message) => warnings.push(message),
    });
    return { report, model, warnings };
  }

  it("shows the model the related memories of every layer, each labelled by its scope", async () => {
    const { model, report } = await extract({
      said: "Money: the cart keeps cents, tests write cents.",
      replies: [answer([])],
    });
    expect(report.error).toBeUndefined();
    const existing = existingMemories(model.requests[0]);
    expect(existing).toContain(
      "- name: Cart money\n  scope: project\n  type: project\n  description: How the cart stores money\n  The cart keeps money as cents.",
    );
    expect(existing).toContain("- name: Money in tests\n  scope: user\n  type: feedback\n");
    expect(model.requests[0]?.messages[0]?.content).toContain(
      'A memory with a "scope" is kept in that layer',
    );
  });

  it("on one home shows that home's memories alone, without a scope", async () => {
    const { model } = await extract({
      said: "Money: the cart keeps cents, tests write cents.",
      replies: [answer([])],
      scopes: false,
    });
    const existing = existingMemories(model.requests[0]);
    expect(existing).toContain("- name: Money in tests\n  type: feedback\n");
    expect(existing).not.toContain("Cart money");
    expect(existing).not.toContain("scope:");
  });

  it("shows each layer at most its own extraction.relatedMemories", async () => {
    await project.memories.save({
      type: "project",
      name: "Cart tax",
      content: "The cart adds tax in cents.",
    });
    await writeFile(
      join(project.home, "config.json"),
      JSON.stringify({ extraction: { relatedMemories: 1 } }),
    );
    const limited = await openScopes({
      cwd: join(scratch, "shop"),
      env: { HOME: join(scratch, "person"), MNEMO_EMBEDDER: "none" },
    });
    try {
      const model = new ScriptedChatModel({ replies: [answer([])] });
      await extractSession({
        memory: limited.layer("user") as MemoryHome,
        scopes: limited,
        model,
        transcript: [{ role: "user", content: "The cart keeps cents and adds tax in cents." }],
        sessionId: "s1",
        onWarning: () => undefined,
      });
      const existing = existingMemories(model.requests[0]);
      expect(existing.match(/scope: project/g)).toHaveLength(1);
      expect(existing).toContain("scope: user");
    } finally {
      await limited.close();
    }
  });

  /** The model's answer: a project memory "Release window" that supersedes "Deploy day". */
  const releaseWindowSupersedesDeployDay = () =>
    answer([
      memory({
        type: "project",
        name: "Release window",
        body: "Releases moved to Thursday afternoons.",
        supersedes: "Deploy day",
      }),
    ]);

  it("archives in the user's home a project memory kept there that a project memory supersedes", async () => {
    await user.memories.save({
      type: "project",
      name: "Deploy day",
      description: "When the shop deploys",
      content: "The shop deploys on Tuesday mornings.",
    });
    const { report, warnings } = await extract({
      // Nothing said relates to it: it is found by the name in supersedes.
      said: "Thanks, that is all.",
      replies: [releaseWindowSupersedesDeployDay()],
    });
    expect(report.error).toBeUndefined();
    expect(warnings.join("\n")).not.toContain("does not exist");
    expect(await readdir(join(user.home, "memories"))).not.toContain("project_deploy-day.md");
    const archived = await readFile(join(user.home, "archive", "memories", "project_deploy-day.md"), "utf8");
    expect(archived).toContain("The shop deploys on Tuesday mornings.");
    expect(archived).toContain("superseded by memories/project_release-window.md (session s1)");
    const written = await readFile(join(project.home, "memories", "project_release-window.md"), "utf8");
    expect(written).toContain("supersedes: user:archive/memories/project_deploy-day.md\n");
    expect(report.superseded).toEqual([
      {
        name: "Deploy day",
        path: "memories/project_deploy-day.md",
        by: "memories/project_release-window.md",
        archive: "archive/memories/project_deploy-day.md",
        scope: "user",
      },
    ]);
  });

  it("finds the memory to supersede among another layer's related memories, whatever its file is called", async () => {
    // Written by hand under a file name that is not its name's: only the search before the call finds it.
    await writeFile(
      join(user.home, "memories", "project_old-notes.md"),
      "---\nname: Deploy day\ndescription: When the shop deploys\ntype: project\n---\n\nThe shop deploys on Tuesday mornings.\n",
    );
    const { report } = await extract({
      said: "The shop deploys on Tuesday mornings? Not any more.",
      replies: [releaseWindowSupersedesDeployDay()],
    });
    expect(report.error).toBeUndefined();
    expect(report.superseded.map((each) => [each.path, each.scope])).toEqual([
      ["memories/project_old-notes.md", "user"],
    ]);
    await access(join(user.home, "archive", "memories", "project_old-notes.md"));
  });

  it("archives in the project's home a feedback memory kept there that a feedback memory supersedes", async () => {
    await stack.save({
      type: "feedback",
      name: "Spaces",
      content: "Indent with two spaces.",
      scope: "project",
    });
    const { report } = await extract({
      // Nothing said relates to it: it is found by the file its supersedes names.
      said: "Thanks, that is all.",
      replies: [
        answer([
          memory({
            type: "feedback",
            name: "Tabs",
            body: "Indent with tabs.",
            supersedes: "memories/feedback_spaces.md",
          }),
        ]),
      ],
    });
    expect(report.error).toBeUndefined();
    expect(await readdir(join(user.home, "memories"))).toContain("feedback_tabs.md");
    expect(await readdir(join(project.home, "memories"))).not.toContain("feedback_spaces.md");
    await access(join(project.home, "archive", "memories", "feedback_spaces.md"));
    expect(report.superseded.map((each) => [each.name, each.scope])).toEqual([["Spaces", "project"]]);
  });

  it("supersedes in the memory's own layer first, when both layers hold that name", async () => {
    await user.memories.save({
      type: "project",
      name: "Cart money",
      content: "The cart kept money as floats.",
    });
    const { report } = await extract({
      said: "Money is now kept as integers of cents.",
      replies: [
        answer([
          memory({
            type: "project",
            name: "Money format",
            body: "Money is integers of cents.",
            supersedes: "Cart money",
          }),
        ]),
      ],
    });
    expect(report.error).toBeUndefined();
    expect(await readdir(join(project.home, "memories"))).not.toContain("project_cart-money.md");
    expect(await readdir(join(user.home, "memories"))).toContain("project_cart-money.md");
    expect(report.superseded.map((each) => [each.name, each.scope])).toEqual([["Cart money", undefined]]);
    const written = await readFile(join(project.home, "memories", "project_money-format.md"), "utf8");
    expect(written).toContain("supersedes: archive/memories/project_cart-money.md\n");
  });

  it("saves as new, with a note, a memory that supersedes a name no layer holds", async () => {
    const { report, warnings } = await extract({
      said: "Deploys are on Fridays.",
      replies: [
        answer([
          memory({
            type: "project",
            name: "Deploys",
            body: "Deploys are on Fridays.",
            supersedes: "Nowhere",
          }),
        ]),
      ],
    });
    expect(report.superseded).toEqual([]);
    expect(report.written.map((item) => item.label)).toEqual(["Deploys"]);
    const written = await readFile(join(project.home, "memories", "project_deploys.md"), "utf8");
    expect(written).not.toContain("supersedes");
    expect(warnings.join("\n")).toContain(
      '"Deploys" supersedes "Nowhere", which does not exist; saved as new',
    );
  });

  it("lists the session's home first, labelled with the layer it is a handle on, then the others nearest first", () => {
    const session = user.writingAs({ agent: "helper" });
    expect(extractionLayers(session, stack)).toEqual([
      { memory: session, scope: "user" },
      { memory: project, scope: "project" },
    ]);
    expect(extractionLayers(session, undefined)).toEqual([{ memory: session, scope: undefined }]);
  });
});
