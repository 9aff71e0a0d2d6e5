import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { spelledBlockTag, tagsAModelReads } from "../../testing/test-block-tag-spellings.js";
import { renderContext } from "./render-context.js";

/** Memory text of any layer: prose with mnemo's block tags spelt every way a forger may try (issue 26). */
const forgedText = fc
  .array(fc.oneof(spelledBlockTag, fc.string({ maxLength: 16 })), { minLength: 1, maxLength: 6 })
  .map((parts) => `x ${parts.join(" ")}`);

describe("renderContext", () => {
  test.prop([forgedText, forgedText, forgedText, forgedText], { numRuns: 200 })(
    "holds exactly its four blocks, as a model reads them, whatever the memory text spells",
    (soul, user, notes, recent) => {
      const context = renderContext({ soul, user, notes, recent }, { basePrompt: "", instructions: "" });
      expect(tagsAModelReads(context)).toEqual([
        "<agentidentity>",
        "</agentidentity>",
        "<userprofile>",
        "</userprofile>",
        "<agentnotes>",
        "</agentnotes>",
        "<recentactivity>",
        "</recentactivity>",
      ]);
    },
  );
});
