import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideByRules, type ExistingMemory } from "./consolidation-rules.js";
import { parseConsolidationReply } from "./parse-consolidation-reply.js";

const existing = (name: string, body: string, type: ExistingMemory["type"] = "user"): ExistingMemory => ({
  path: `memories/${type}_${name.toLowerCase().replace(/\W+/g, "-")}.md`,
  name,
  type,
  description: body,
  body,
});

const porto = existing("Home city", "Lives in Porto.");
const standup = existing("Standup", "Daily standup is at 9:30.", "project");

describe("decideByRules", () => {
  it.each([
    ["the same text in other case and punctuation", "lives in porto", "unchanged"],
    ["a word that only says the fact is current", "Now lives in Porto.", "unchanged"],
    ["another city", "Now lives in Lisbon.", "updated"],
    ["a negation", "No longer lives in Porto.", "updated"],
  ])("%s → %s", (_, content, action) => {
    expect(decideByRules({ type: "user", name: "Where", content }, [porto])).toMatchObject({ action });
  });

  it("another time for the same meeting updates it; the memory named is the one it replaces", () => {
    const decision = decideByRules(
      { type: "project", name: "Standup moved", content: "Daily standup is at 10:00." },
      [porto, standup],
    );
    expect(decision).toMatchObject({ action: "updated", memory: standup });
  });

  it("the same name is the memory a save addresses, whatever it says", () => {
    const decision = decideByRules({ type: "user", name: "home city", content: "Has a cat." }, [porto]);
    expect(decision).toMatchObject({ action: "updated", memory: porto });
  });

  it("names that differ by a number are two things: other values name the older one, never replace it", () => {
    const invoice = existing("Invoice 113", "Invoice 113 was paid in March.", "project");
    const next = { type: "project", name: "Invoice 114", content: "Invoice 114 was paid in April." } as const;
    expect(decideByRules(next, [invoice])).toEqual({
      action: "added",
      possibleConflicts: [
        {
          name: "Invoice 113",
          path: invoice.path,
          reason: "other values, under names that differ by a number",
        },
      ],
    });
    // The same names with one word swapped, and a name without a number, still update.
    const write = existing("Write 2", "alpha written through server 1", "project");
    expect(
      decideByRules({ type: "project", name: "Write 17", content: "beta written through server 1" }, [write]),
    ).toMatchObject({ action: "added" });
    expect(
      decideByRules({ type: "project", name: "Invoice status", content: "Invoice 113 was paid in April." }, [
        invoice,
      ]),
    ).toMatchObject({ action: "updated", memory: invoice });
    // The same number in both names is the same thing.
    expect(
      decideByRules(
        { type: "project", name: "Invoice 113 paid", content: "Invoice 113 was paid in April." },
        [invoice],
      ),
    ).toMatchObject({ action: "updated", memory: invoice });
  });

  it("never matches a memory of another type", () => {
    expect(decideByRules({ type: "feedback", name: "X", content: "Lives in Porto." }, [porto])).toEqual({
      action: "added",
      possibleConflicts: [],
    });
  });

  it("property: a memory saved again under any other name is unchanged", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("deploy", "Porto", "9:30", "tabs", "reviews", "not", "weekly", "Kepler"), {
          minLength: 2,
          maxLength: 8,
        }),
        (words) => {
          const text = words.join(" ");
          const memory = existing("Original", text);
          const decision = decideByRules({ type: "user", name: "Copy", content: text }, [memory]);
          expect(decision).toMatchObject({ action: "unchanged", memory });
        },
      ),
    );
  });

  it("property: a save sharing no word with any memory is added with no conflict", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("cat", "Miso", "twelve", "bouldering", "gym"), { minLength: 1 }),
        (words) => {
          const decision = decideByRules({ type: "user", name: "Pet", content: words.join(" ") }, [porto]);
          expect(decision).toEqual({ action: "added", possibleConflicts: [] });
        },
      ),
    );
  });
});

describe("parseConsolidationReply", () => {
  it("reads a fenced reply into a decision over the memories shown", () => {
    const parsed = parseConsolidationReply(
      'Sure:\n```json\n{"decision": "unchanged", "memory": 2, "conflicts": [1, 2, 9]}\n```',
      [porto, standup],
    );
    expect(parsed).toEqual({
      decision: {
        action: "unchanged",
        memory: standup,
        reason: 'the model found that "Standup" already says it',
        possibleConflicts: [
          { name: "Home city", path: porto.path, reason: "the model named it as a possible conflict" },
        ],
      },
    });
  });

  it.each([
    ["prose", "I think it is new."],
    ["an unknown decision", '{"decision": "merge", "memory": 1}'],
    ["updated without a memory", '{"decision": "updated", "memory": null, "conflicts": []}'],
    ["a memory out of range", '{"decision": "updated", "memory": 0, "conflicts": []}'],
  ])("%s is a problem, never a decision", (_, reply) => {
    expect(parseConsolidationReply(reply, [porto])).toEqual({ problem: expect.any(String) });
  });
});
