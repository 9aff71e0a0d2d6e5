import { fc, test as propertyTest } from "@fast-check/vitest";
import { describe, expect, test } from "vitest";
import { isValidHomeId, MAX_HOME_ID_LENGTH, validateHomeId } from "./home-id.js";

const part = fc
  .stringMatching(/^[A-Za-z0-9][A-Za-z0-9._@:-]{0,20}$/)
  .filter((each) => each !== "." && each !== "..");

describe("home ids", () => {
  test("tenant-like ids pass; paths that escape, blanks and control characters do not", () => {
    for (const id of ["acme/user-42", "team.alpha:agent@2", "u_1", "A"]) expect(isValidHomeId(id)).toBe(true);
    for (const id of ["", "/acme", "acme/", "a//b", "a/../b", "a/./b", ".hidden", "a b", "a\nb", "ü", "a\\b"])
      expect(isValidHomeId(id), JSON.stringify(id)).toBe(false);
    expect(isValidHomeId("x".repeat(MAX_HOME_ID_LENGTH))).toBe(true);
    expect(isValidHomeId("x".repeat(MAX_HOME_ID_LENGTH + 1))).toBe(false);
  });

  test("a refused id is a MnemoError naming the field it came from", () => {
    expect(() => validateHomeId("a/../b", "--home-id")).toThrow(
      expect.objectContaining({ code: "INVALID_INPUT", message: expect.stringContaining("--home-id") }),
    );
    expect(() => validateHomeId(42)).toThrow(
      expect.objectContaining({ message: expect.stringContaining("homeId") }),
    );
  });

  propertyTest.prop([fc.array(part, { minLength: 1, maxLength: 5 })])(
    "parts joined by / are valid while short enough, and validation returns the id unchanged",
    (parts) => {
      const id = parts.join("/");
      expect(isValidHomeId(id)).toBe(id.length <= MAX_HOME_ID_LENGTH);
      if (id.length <= MAX_HOME_ID_LENGTH) expect(validateHomeId(id)).toBe(id);
    },
  );

  propertyTest.prop([fc.string({ maxLength: 30 })])("a valid id never has an empty, . or .. part", (id) => {
    if (isValidHomeId(id))
      expect(id.split("/").every((each) => each !== "" && each !== "." && each !== "..")).toBe(true);
  });
});
