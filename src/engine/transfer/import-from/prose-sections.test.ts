import { describe, expect, it } from "vitest";
import { mapProseFile } from "./prose-sections.js";

const modifiedAt = new Date("2025-01-15T08:00:00.000Z");
const file = (text: string) => ({ path: "/p/acme/CLAUDE.md", text, modifiedAt });

describe("mapProseFile", () => {
  it("makes the text before the sections and each section a memory, dated by the file", () => {
    const plan = mapProseFile(
      file(
        "# acme\r\n\r\nPayment API.\r\n\r\n## Commands\r\n\r\n- `pnpm test`\r\n### Slow ones\r\n- e2e\r\n",
      ),
      {
        label: "acme CLAUDE.md",
        type: "project",
      },
    );
    expect(plan.items).toEqual([
      {
        kind: "memory",
        type: "project",
        name: "acme CLAUDE.md: overview",
        description: "Payment API.",
        content: "Payment API.",
        date: "2025-01-15T08:00:00.000Z",
        source: "/p/acme/CLAUDE.md#overview",
      },
      expect.objectContaining({
        name: "acme CLAUDE.md: Commands",
        description: "`pnpm test`",
        content: "- `pnpm test`\n### Slow ones\n- e2e",
        source: "/p/acme/CLAUDE.md#Commands",
      }),
    ]);
  });

  it("skips an empty section with the reason, and says so for an empty file", () => {
    expect(mapProseFile(file("# t\n\n## Later\n\n"), { label: "x", type: "feedback" }).skipped).toEqual([
      { source: "/p/acme/CLAUDE.md#Later", reason: "the section is empty" },
    ]);
    expect(mapProseFile(file(""), { label: "x", type: "feedback" }).skipped).toEqual([
      { source: "/p/acme/CLAUDE.md", reason: "the file is empty" },
    ]);
  });
});
