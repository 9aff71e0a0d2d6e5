import { HttpError } from "./http-error.js";

/**
 * OpenAPI-style path templates ("/v1/memories/{name}"): each `{param}` is exactly one path segment,
 * percent-decoded, so an encoded "/" ("..%2Fx") stays inside its parameter, where the engine refuses it.
 */
export type PathParams = Record<string, string>;

/** The parameters of `pathname` under `template`, or undefined when it does not match. */
export function matchPath(template: string, pathname: string): PathParams | undefined {
  const expected = template.split("/");
  const actual = pathname.split("/");
  if (expected.length !== actual.length) return undefined;
  const params: PathParams = {};
  for (const [index, part] of expected.entries()) {
    const segment = actual[index] as string;
    const name = parameterName(part);
    if (name === undefined) {
      if (segment !== part) return undefined;
      continue;
    }
    if (segment === "") return undefined;
    params[name] = decodeSegment(segment);
  }
  return params;
}

/** The concrete path of `template` with `params`, each percent-encoded (the inverse of matchPath). */
export function fillPath(template: string, params: PathParams): string {
  return template
    .split("/")
    .map((part) => {
      const name = parameterName(part);
      return name === undefined ? part : encodeURIComponent(params[name] ?? "");
    })
    .join("/");
}

export function templateParameters(template: string): string[] {
  return template.split("/").flatMap((part) => parameterName(part) ?? []);
}

function parameterName(part: string): string | undefined {
  return /^\{(\w+)\}$/.exec(part)?.[1];
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, "INVALID_INPUT", `The path segment "${segment}" is not valid percent-encoding.`);
  }
}
