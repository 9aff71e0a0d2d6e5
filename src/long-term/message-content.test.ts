import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { messageContentHash, normalizeMessageContent } from "./message-content.js";

const whitespace = fc.constantFrom(" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000");
const text = fc.string({ unit: fc.constantFrom("a", "B", "é", "中", " ", "\n", "\t", "1") });

describe("normalizeMessageContent", () => {
  test.prop([text])("is idempotent and leaves no edge or repeated whitespace", (content) => {
    const normalized = normalizeMessageContent(content);
    expect(normalizeMessageContent(normalized)).toBe(normalized);
    expect(normalized).not.toMatch(/^\s|\s$|\s\s|[\t\n\r]/u);
  });

  test.prop([
    fc.array(fc.stringMatching(/^[a-zA-Z0-9]{1,6}$/), { minLength: 1, maxLength: 6 }),
    whitespace,
    whitespace,
  ])("the hash ignores how words are spaced, but not the words", (words, before, between) => {
    expect(messageContentHash(`${before}${words.join(between)}${before}`)).toBe(
      messageContentHash(words.join(" ")),
    );
  });

  test("keeps letter case and composes accents (NFC)", () => {
    expect(messageContentHash("Deploy to US")).not.toBe(messageContentHash("deploy to us"));
    expect(messageContentHash("cafe\u0301")).toBe(messageContentHash("café"));
    expect(normalizeMessageContent("  line one\n\n  line two  ")).toBe("line one line two");
  });
});
