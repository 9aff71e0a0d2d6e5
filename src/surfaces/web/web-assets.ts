/**
 * The web memory browser's files: static HTML, CSS and vanilla JavaScript modules in web/ at the
 * package's root, shipped as they are (no build step for users). They are read once, when the server
 * is created, and only the files found then are served: a request names a file of that list or gets
 * a 404, so no path from a URL ever reaches the file system.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

export interface WebAsset {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

/** src/surfaces/web/ and dist/surfaces/web/ are both three folders below the package's root. */
export const WEB_ASSETS_FOLDER = fileURLToPath(new URL("../../../web/", import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/**
 * The files under `folder` by their path in it ("index.html", "views/archive.js"). A package without
 * the folder serves the API alone (every /ui/ request is then a 404).
 */
export function loadWebAssets(folder: string = WEB_ASSETS_FOLDER): Map<string, WebAsset> {
  const assets = new Map<string, WebAsset>();
  if (!existsSync(folder)) return assets;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const contentType = CONTENT_TYPES[extname(entry.name)];
    if (!entry.isFile() || contentType === undefined) continue;
    const absolute = join(entry.parentPath, entry.name);
    const body = new Uint8Array(readFileSync(absolute));
    assets.set(relative(folder, absolute).split(sep).join("/"), { body, contentType });
  }
  return assets;
}
