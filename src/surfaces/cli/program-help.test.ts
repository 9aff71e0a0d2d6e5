import { afterEach, describe, expect, it, vi } from "vitest";
import { createProgram } from "./program.js";

/**
 * Issue 29: `mnemo --help` and each command's --help read as they did before the commands were
 * loaded lazily (program.ts): the snapshot was taken from the program that imported every command.
 */
const COMMAND_PATHS = [
  [],
  ...[
    "init",
    "context",
    "remember",
    "forget",
    "list",
    "show",
    "profile",
    "profile read",
    "profile add",
    "profile replace",
    "profile remove",
    "journal",
    "archive",
    "conversation",
    "learn",
    "recall",
    "reindex",
    "chat",
    "eval",
    "status",
    "scopes",
    "doctor",
    "export",
    "import",
    "mcp",
    "setup",
    "hook",
    "hook session-start",
    "hook user-prompt-submit",
    "serve",
    "homes",
    "tokens",
    "ui",
    "daemon",
  ].map((path) => path.split(" ")),
];

/** What `mnemo <path> --help` prints on stdout. */
async function helpOf(path: string[], helpWord = false): Promise<string> {
  let printed = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    printed += String(chunk);
    return true;
  });
  const args = helpWord ? ["help", ...path] : [...path, "--help"];
  await expect(createProgram().parseAsync(args, { from: "user" })).rejects.toMatchObject({
    code: expect.stringMatching(/^commander\.help(Displayed)?$/),
  });
  return printed;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("mnemo's help", () => {
  it.each(COMMAND_PATHS.map((path) => [path.join(" ") || "(the program)", path] as const))(
    "%s --help",
    async (_name, path) => {
      await expect(helpOf(path)).resolves.toMatchSnapshot();
    },
  );

  it("help WORD prints what WORD --help does", async () => {
    for (const path of [["recall"], ["profile"], ["hook"]])
      expect(await helpOf(path, true)).toBe(await helpOf(path));
  });
});
