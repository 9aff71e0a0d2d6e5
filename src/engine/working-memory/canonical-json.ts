/**
 * JSON with the keys of every object sorted, so `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }` give the same
 * text: the identity of a tool call's arguments. Otherwise it follows JSON.stringify: toJSON is used,
 * undefined and functions are left out of objects and become null in arrays, non-finite numbers become
 * null, and undefined itself is "null". Returns undefined when the value has no JSON form (a cycle, a
 * bigint, a getter that throws, or nesting too deep for the stack); it never throws.
 */
export function canonicalJson(value: unknown): string | undefined {
  try {
    return write(value, new Set()) ?? "null";
  } catch {
    return undefined;
  }
}

function write(value: unknown, ancestors: Set<object>): string | undefined {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? JSON.stringify(value) : "null";
    case "object":
      return writeObject(value, ancestors);
    case "bigint":
      throw new TypeError("A bigint has no JSON form.");
    default:
      return undefined; // undefined, functions and symbols, as JSON.stringify leaves them out
  }
}

function writeObject(object: object, ancestors: Set<object>): string | undefined {
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") return write(toJSON.call(object), ancestors);
  if (ancestors.has(object)) throw new TypeError("A cycle has no JSON form.");
  ancestors.add(object);
  try {
    if (Array.isArray(object)) {
      return `[${object.map((item) => write(item, ancestors) ?? "null").join(",")}]`;
    }
    const record = object as Record<string, unknown>;
    const fields = Object.keys(record)
      .sort()
      .flatMap((key) => {
        const text = write(record[key], ancestors);
        return text === undefined ? [] : [`${JSON.stringify(key)}:${text}`];
      });
    return `{${fields.join(",")}}`;
  } finally {
    ancestors.delete(object);
  }
}
