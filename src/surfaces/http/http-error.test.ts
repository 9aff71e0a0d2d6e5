import { describe, expect, it } from "vitest";
import { MnemoError, type MnemoErrorCode } from "../../errors.js";
import { HttpError, toErrorResponse } from "./http-error.js";

describe("toErrorResponse", () => {
  it.each<[MnemoErrorCode, number]>([
    ["INVALID_INPUT", 400],
    ["OUTSIDE_HOME", 400],
    ["NOT_FOUND", 404],
    ["MALFORMED_FILE", 409],
    ["TOO_LARGE", 413],
    ["MODEL_OUTPUT", 502],
    ["LOCK_TIMEOUT", 503],
    ["DISABLED", 503],
    ["IO", 503],
    ["INVALID_CONFIG", 503],
  ])("answers a MnemoError %s with %i and its code and message", (code, status) => {
    const answer = toErrorResponse(new MnemoError(code, "what went wrong"));
    expect(answer).toMatchObject({
      status,
      body: { error: { code, message: "what went wrong" } },
      unexpected: false,
    });
  });

  it("asks a client to retry after a lock timeout", () => {
    expect(toErrorResponse(new MnemoError("LOCK_TIMEOUT", "busy")).headers).toEqual({ "retry-after": "1" });
  });

  it("keeps an HttpError's status and headers", () => {
    const answer = toErrorResponse(new HttpError(405, "METHOD_NOT_ALLOWED", "no", { allow: "GET" }));
    expect(answer).toMatchObject({ status: 405, headers: { allow: "GET" }, unexpected: false });
  });

  it("answers anything else 500 UNEXPECTED, flagged for the log", () => {
    const answer = toErrorResponse(new TypeError("x is undefined"));
    expect(answer).toMatchObject({ status: 500, body: { error: { code: "UNEXPECTED" } }, unexpected: true });
    expect(answer.body.error.message).not.toContain("x is undefined");
  });
});
