import { readdir, readFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serveTestHome } from "../../testing/test-http-server.js";
import { CONTENT_SECURITY_POLICY } from "./mount-web-ui.js";
import { WEB_ASSETS_FOLDER } from "./web-assets.js";

/** The web memory browser's files as the server serves them: a real server on loopback, real requests. */
/** node:http, to send a Host or Origin header fetch will not. */
function status(url: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject).end();
  });
}

/** Every file the page loads: what index.html links, and what each module imports, followed from index.html. */
async function referencedFiles(url: string): Promise<string[]> {
  const found = new Set<string>();
  const pending = ["index.html"];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (found.has(name)) continue;
    found.add(name);
    const text = await (await fetch(`${url}/ui/${name}`)).text();
    const base = name.includes("/") ? name.slice(0, name.lastIndexOf("/") + 1) : "";
    const references = [
      ...text.matchAll(/(?:src|href)="([^"#:]+)"/g),
      ...text.matchAll(/from "(\.{1,2}\/[^"]+)"/g),
    ].map((match) => new URL(match[1] as string, `http://x/${base}`).pathname.slice(1));
    pending.push(...references);
  }
  return [...found];
}

describe("the web memory browser's files", () => {
  it("serves the page with a Content-Security-Policy, and every file it loads with its type", async () => {
    const { url } = await serveTestHome();
    const redirect = await fetch(`${url}/ui`, { redirect: "manual" });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get("location")).toBe("/ui/");
    const page = await fetch(`${url}/ui/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/frame-ancestors 'none'/);
    const files = await referencedFiles(url);
    expect(files).toEqual(expect.arrayContaining(["app.js", "style.css", "views/archive.js", "dom.js"]));
    for (const file of files) {
      const answer = await fetch(`${url}/ui/${file}`);
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get("content-type"), file).toMatch(
        /^(text\/(html|css|javascript)|image\/svg\+xml)/,
      );
    }
  });

  it("sends a browser that opens the server's root to the page; an API client still gets JSON", async () => {
    const browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    for (const token of [undefined, "root-token-0123456789"]) {
      const { url } = await serveTestHome({ server: { token } });
      const browser = await fetch(`${url}/`, { redirect: "manual", headers: { accept: browserAccept } });
      expect(browser.status, `token ${token}`).toBe(302);
      expect(new URL(browser.headers.get("location") ?? "", `${url}/`).href).toBe(`${url}/ui/`);
      const followed = await fetch(`${url}/`, { headers: { accept: browserAccept } });
      expect(followed.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const client = await fetch(`${url}/`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(client.status).toBe(404);
      expect(((await client.json()) as { error: { message: string } }).error.message).toMatch(/under \/v1/);
    }
  });

  it("answers 404 for a file that is not the browser's, however the path is spelled", async () => {
    const { url } = await serveTestHome();
    for (const path of ["/ui/nope.js", "/ui/%2e%2e/package.json", "/ui/..%2fpackage.json", "/ui/%E0%A4%A"])
      expect(await status(url, path), path).toBe(404);
  });

  it("without a token: only from loopback and from no foreign page, as the API", async () => {
    const { url } = await serveTestHome();
    const port = new URL(url).port;
    expect(await status(url, "/ui/", { host: `evil.example:${port}` })).toBe(403);
    expect(await status(url, "/ui/app.js", { origin: "https://evil.example" })).toBe(403);
    expect(await status(url, "/ui/", { host: `localhost:${port}` })).toBe(200);
  });

  it("with a token: the page loads without it, and every call the page makes needs it", async () => {
    const token = "ui-token-0123456789";
    const { url } = await serveTestHome({ server: { token } });
    expect((await fetch(`${url}/ui/`)).status).toBe(200);
    expect((await fetch(`${url}/ui/app.js`)).status).toBe(200);
    expect((await fetch(`${url}/v1/status`)).status).toBe(401);
    expect((await fetch(`${url}/ui/`, { method: "POST" })).status).toBe(401);
    const authorized = await fetch(`${url}/v1/status`, { headers: { authorization: `Bearer ${token}` } });
    expect(authorized.status).toBe(200);
  });

  it("the page and its scripts load nothing from another origin and run no inline script", async () => {
    const names = await readdir(WEB_ASSETS_FOLDER, { recursive: true });
    for (const name of names.filter((each) => /\.(html|js|css)$/.test(each))) {
      const text = await readFile(join(WEB_ASSETS_FOLDER, name), "utf8");
      expect(text, name).not.toMatch(/https?:\/\//);
      expect(text, name).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|eval\(/);
      if (name.endsWith(".html")) expect(text, name).not.toMatch(/<script(?![^>]*\bsrc=)|\son\w+=|style=/);
    }
  });
});
