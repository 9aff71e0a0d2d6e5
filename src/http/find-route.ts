import type { Route } from "./define-route.js";
import { matchPath, type PathParams } from "./path-template.js";

export type RouteMatch =
  | { kind: "found"; route: Route; params: PathParams }
  /** The path exists, but not with this method: answer 405 with these in `Allow`. */
  | { kind: "wrong-method"; allowed: string[] }
  | { kind: "no-route" };

/** The route for `method` and `pathname` (templates never overlap: each has its own segment count or literals). */
export function findRoute(routes: readonly Route[], method: string, pathname: string): RouteMatch {
  const matching = routes.flatMap((route) => {
    const params = matchPath(route.path, pathname);
    return params === undefined ? [] : [{ route, params }];
  });
  if (matching.length === 0) return { kind: "no-route" };
  const found = matching.find((each) => each.route.method === method);
  if (found) return { kind: "found", ...found };
  return { kind: "wrong-method", allowed: [...new Set(matching.map((each) => each.route.method))] };
}
