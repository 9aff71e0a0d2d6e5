import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import {
  comparableContent,
  legacyMessageContentHash,
  messageContentHash,
  normalizeMessageContent,
} from "./message-content.js";

const whitespace = fc.constantFrom(" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000");
const text = fc.string({ unit: fc.constantFrom("a", "B", "é", "中", " ", "\n", "\t", "1") });
const words = fc.array(fc.stringMatching(/^[a-zA-Z0-9]{1,6}$/), { minLength: 1, maxLength: 6 });

describe("normalizeMessageContent", () => {
  test.prop([text])("is idempotent and leaves no edge or repeated whitespace", (content) => {
    const normalized = normalizeMessageContent(content);
    expect(normalizeMessageContent(normalized)).toBe(normalized);
    expect(normalized).not.toMatch(/^\s|\s$|\s\s|[\t\n\r]/u);
  });
});

describe("messageContentHash", () => {
  test.prop([words, whitespace, whitespace])(
    "ignores how words are spaced, but not the words",
    (list, before, between) => {
      expect(messageContentHash(`${before}${list.join(between)}${before}`)).toBe(
        messageContentHash(list.join(" ")),
      );
      expect(legacyMessageContentHash(`${before}${list.join(between)}${before}`)).toBe(
        legacyMessageContentHash(list.join(" ")),
      );
    },
  );

  test.prop([words, fc.constantFrom("!", ".", "?!", "...", ")")])(
    "ignores letter case and the punctuation around words",
    (list, mark) => {
      const shouted = `${list.map((word) => `${word.toUpperCase()}${mark}`).join(" ")}`;
      expect(messageContentHash(shouted)).toBe(messageContentHash(list.join(" ")));
    },
  );

  test("keeps what carries facts, and never merges two messages made only of symbols", () => {
    expect(messageContentHash("version 2.3.1 released")).toBe(messageContentHash("Version 2.3.1 released!"));
    expect(messageContentHash("version 2.3.1 released")).not.toBe(
      messageContentHash("version 2.3.2 released"),
    );
    expect(messageContentHash("Ping @dana")).not.toBe(messageContentHash("Ping dana"));
    expect(messageContentHash("cafe\u0301")).toBe(messageContentHash("café"));
    expect(messageContentHash("😀")).not.toBe(messageContentHash("🎉"));
    expect(comparableContent("  ?! ")).toBe("?!");
  });

  test("the legacy hash, which stores written before hold, keeps case and punctuation", () => {
    expect(legacyMessageContentHash("Deploy to US")).not.toBe(legacyMessageContentHash("deploy to us"));
    expect(legacyMessageContentHash("  line one\n\n  line two  ")).toBe(
      legacyMessageContentHash("line one line two"),
    );
  });
});
