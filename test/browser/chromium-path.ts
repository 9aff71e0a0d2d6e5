/** Debian's chromium, or the one CHROMIUM_PATH names: the browser tests never download a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
