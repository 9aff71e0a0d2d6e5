import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { ageText, describeMemoryAge, memoryAgeDays, stalenessNote } from "./staleness.js";

const DAY_MS = 86_400_000;
const instant = fc.integer({ min: Date.parse("2000-01-01"), max: Date.parse("2100-01-01") });

describe("staleness", () => {
  test.prop([instant, fc.integer({ min: 0, max: 400 * DAY_MS })])(
    "a note exactly when more than a day old, naming the same age as the list shows",
    (saved, elapsed) => {
      const updated = new Date(saved).toISOString();
      const now = new Date(saved + elapsed);
      const note = stalenessNote(updated, new Date(0), now);
      const days = memoryAgeDays(updated, new Date(0), now);
      expect(days).toBe(Math.floor(elapsed / DAY_MS));
      expect(note !== undefined).toBe(elapsed > DAY_MS);
      if (note !== undefined) expect(note).toContain(`saved ${ageText(days)}.`);
      expect(describeMemoryAge(days, note)).toBe(
        `updated ${ageText(days)}${note === undefined ? "" : " (may be outdated)"}`,
      );
    },
  );

  test.prop([instant, instant])(
    "without an updated time, the file's modification time counts",
    (modified, at) => {
      const now = new Date(Math.max(modified, at));
      expect(stalenessNote(undefined, new Date(modified), now)).toBe(
        stalenessNote(new Date(modified).toISOString(), new Date(0), now),
      );
    },
  );
});
