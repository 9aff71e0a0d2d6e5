import { describe, expect, test } from "vitest";
import {
  createFrontmatter,
  frontmatterValue,
  parseFrontmatter,
  serializeFrontmatter,
} from "./frontmatter.js";

describe("frontmatter", () => {
  test("keeps unknown keys, comments and order when a key is updated", () => {
    const text = "---\n# written by hand\nname: Tabs\ntags: [style, editor]\ntype: feedback\n---\n\nBody\n";
    const parsed = parseFrontmatter(text);
    if (!parsed.ok) throw new Error(parsed.problem);
    parsed.frontmatter.yaml.set("type", "user");
    const rewritten = serializeFrontmatter(parsed.frontmatter);
    expect(rewritten).toContain("# written by hand");
    expect(rewritten).toContain("tags: [ style, editor ]");
    expect(rewritten.indexOf("name:")).toBeLessThan(rewritten.indexOf("tags:"));
    expect(rewritten).toContain("type: user");
    expect(rewritten.endsWith("---\n\nBody\n")).toBe(true);
  });

  test("an unchanged document serializes to what was read", () => {
    const text = "---\nname: A\ndescription: b c\n---\nBody";
    const parsed = parseFrontmatter(text);
    expect(parsed.ok && serializeFrontmatter(parsed.frontmatter)).toBe(text);
  });

  test("reports malformed frontmatter with a line", () => {
    expect(parseFrontmatter("no fence")).toMatchObject({ ok: false, line: 1 });
    expect(parseFrontmatter("---\nname: x\n")).toMatchObject({
      ok: false,
      problem: expect.stringContaining("closing"),
    });
    expect(parseFrontmatter("---\nname: x\n  bad: [\n---\n")).toMatchObject({
      ok: false,
      problem: expect.stringContaining("invalid YAML"),
    });
    expect(parseFrontmatter("---\n- a list\n---\n")).toMatchObject({ ok: false, line: 2 });
  });

  test("creates a document with keys in order", () => {
    const created = createFrontmatter({ name: "N: with colon", type: "user" }, "\nbody\n");
    const text = serializeFrontmatter(created);
    const parsed = parseFrontmatter(text);
    expect(parsed.ok && frontmatterValue(parsed.frontmatter, "name")).toBe("N: with colon");
    expect(text.indexOf("name")).toBeLessThan(text.indexOf("type"));
  });
});
