// The referee at the table with no network: this service worker keeps the referee's pages.
//
// Served at /sw.js by games/pwa.py, which puts its configuration first as self.OFFLINE:
// the cache version (it changes with every game's catalogue stamp and with a deploy) and
// the games and questions to keep. On install it keeps, in the cache of that version:
// the game list, each game's question list, each question's first page (the form, or the
// "who is at the table?" step), each form with its worked example filled in, each form for 2–6
// players under placeholder names (a form for names typed offline is made from the one
// for as many players: see named()), the offline page, and the static files they use.
// Pages come from the network first (the cache when there is none, or after TIMEOUT);
// static files from the cache first. The last rulings opened are kept in a second cache,
// across versions, the oldest opened first out, and the clause pages they link to in a third.
// Each game's reader is kept with the referee's pages. GET navigations to any page of the
// site go to the network; with none, a kept page answers, or the offline page, which says
// plainly that the page needs the network and leads back. Other requests go as usual.
"use strict";

const C = self.OFFLINE;
const PAGES = "referee-" + C.version;
const RULINGS = "referee-rulings";
const CLAUSES = "referee-clauses"; // the clause pages the kept rulings link to
const META = new URL(C.offline + "?meta", self.location.origin).href;
const TIMEOUT = 4000; // ms a page may take from the network before the kept copy is shown
const KEPT_AT = "X-Kept-At";
const MAX_PLAYERS = 18; // games/forms.py: MAX_PLAYERS, and names of at most 40 characters
const TOKEN = new RegExp(C.token.replace("{n}", "(\\d+)"), "g");
const ASSET = new RegExp('(?:src|href)="(' + C.static.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&") + '[^"?#]+)"', "g");

// ------------------------------------------------------------------ keys

function last(params, name) {
  const all = params.getAll(name);
  return all.length ? all[all.length - 1] : null;
}

// The names typed at the table, as games/forms.py split_players reads them.
function splitPlayers(text) {
  const out = [];
  for (const part of Array.from(text).slice(0, MAX_PLAYERS * 48).join("").split(/[,;\n]/)) {
    const name = Array.from(part.trim()).slice(0, 40).join("");
    if (name && !out.includes(name)) out.push(name);
    if (out.length === MAX_PLAYERS) break;
  }
  return out;
}

// One key per page the referee view draws: the parameters it reads, in one order.
function pageKey(href) {
  const u = new URL(href, self.location.origin);
  if (u.pathname !== C.referee) return u.origin + u.pathname;
  const p = u.searchParams;
  const out = new URLSearchParams();
  const game = last(p, "game");
  if (game) {
    out.set("game", game);
    const q = last(p, "q");
    if (q) out.set("q", q);
    const edition = last(p, "edition");
    if (edition && /^\d{1,9}$/.test(edition)) out.set("edition", String(Number(edition)));
    if (q) {
      const lang = last(p, "lang");
      if (lang !== null && lang !== "en") out.set("lang", lang); // none and "en" draw the same page
      const players = last(p, "players");
      if (players !== null) out.set("players", splitPlayers(players).join(","));
      if (last(p, "example")) out.set("example", "1"); // "Fill in the example"
    }
  }
  const query = out.toString();
  return u.origin + u.pathname + (query ? "?" + query : "");
}

function tokens(n) {
  return Array.from({ length: n }, (_, i) => C.token.replace("{n}", String(i + 1)));
}

function precacheKeys() {
  const r = C.referee;
  const urls = [r, C.offline];
  for (const game of C.games) urls.push(r + "?game=" + encodeURIComponent(game));
  urls.push(...C.readers);
  for (const x of C.questions) {
    const base = r + "?game=" + encodeURIComponent(x.game) + "&q=" + encodeURIComponent(x.q);
    urls.push(base, base + "&example=1");
    if (x.players) {
      for (const n of C.counts) urls.push(base + "&players=" + encodeURIComponent(tokens(n).join(",")));
    }
  }
  return urls.map(pageKey);
}

// ------------------------------------------------------------------ install, activate

// A response the cache can give to a navigation (one that followed a redirect cannot be).
async function plain(res, extra) {
  if (!res.redirected && !extra) return res;
  const headers = new Headers(res.headers);
  for (const [k, v] of Object.entries(extra || {})) headers.set(k, v);
  return new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers });
}

async function get(url) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const res = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
      if (res.ok) return plain(res);
    } catch (e) {
      // the network failed: try once more
    }
  }
  throw new Error("not kept: " + url);
}

async function pool(items, width, work) {
  const queue = items.slice();
  const runners = Array.from({ length: width }, async () => {
    while (queue.length) await work(queue.shift());
  });
  await Promise.all(runners);
}

let precaching = null;

// Keep every page of this version and the static files they use; all or nothing, so a
// version whose pages are not all kept never replaces the one before.
function precache() {
  if (!precaching) {
    precaching = (async () => {
      const cache = await caches.open(PAGES);
      const assets = new Set();
      let lang = null;
      await pool(precacheKeys(), 4, async (key) => {
        const res = await get(key);
        for (const m of (await res.clone().text()).matchAll(ASSET)) assets.add(m[1]);
        if (lang === null) lang = res.headers.get("Content-Language");
        await cache.put(key, res);
      });
      await pool(Array.from(assets), 4, async (url) => cache.put(url, await get(url)));
      await cache.put(META, new Response(JSON.stringify({ lang })));
    })().finally(() => {
      precaching = null;
    });
  }
  return precaching;
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("referee-") && ![PAGES, RULINGS, CLAUSES].includes(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
  // The kept rulings name the static files of the version they were kept under: take them
  // again (best effort: one that fails stays as it was).
  refreshRulings();
});

async function refreshRulings() {
  const cache = await caches.open(RULINGS);
  for (const req of await cache.keys()) {
    try {
      const res = await fetch(req.url, { credentials: "same-origin" });
      const old = await cache.match(req, { ignoreVary: true });
      const at = (old && old.headers.get(KEPT_AT)) || "0";
      if (res.ok && !res.redirected) await cache.put(req, await plain(res, { [KEPT_AT]: at }));
    } catch (e) {
      return; // offline again
    }
  }
}

// ------------------------------------------------------------------ pages

// A page kept for this key: as it was kept, or, for names typed offline, the form for as
// many players with the names put in; without the translation language asked for, the
// form's own select offers it again.
async function kept(cache, key) {
  const u = new URL(key);
  const keys = [key];
  if (u.searchParams.has("lang")) {
    u.searchParams.delete("lang");
    keys.push(pageKey(u.href));
  }
  for (const k of keys) {
    const hit = (await cache.match(k, { ignoreVary: true })) || (await withNames(cache, k));
    if (hit) return hit;
  }
  return null;
}

async function withNames(cache, key) {
  const u = new URL(key);
  const players = u.searchParams.get("players");
  if (!u.searchParams.has("q") || !players) return null;
  const names = players.split(",");
  if (!C.counts.includes(names.length)) return null;
  // Names the server refuses (the same name twice, whatever its case) get no form offline either.
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) return null;
  u.searchParams.set("players", tokens(names.length).join(","));
  const form = await cache.match(pageKey(u.href), { ignoreVary: true });
  if (!form) return null;
  const headers = new Headers(form.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(named(await form.text(), names), { status: 200, headers });
}

// The page the referee view draws for these names, from the one drawn for placeholders:
// each name escaped as Django escapes it, and in ids as forms.Node.id writes it.
function named(html, names) {
  const put = (text, as) => text.replace(TOKEN, (_, n) => as(names[Number(n) - 1]));
  const escaped = (s) =>
    s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  const inId = (s) => s.replace(/[^A-Za-z0-9_-]/gu, "_");
  const ids = /\b(id|for|aria-labelledby|aria-describedby)="([^"]*)"/g;
  return put(
    html.replace(ids, (_, attr, value) => attr + '="' + put(value, inId) + '"'),
    escaped,
  );
}

async function offlinePage() {
  return (await (await caches.open(PAGES)).match(pageKey(C.offline), { ignoreVary: true })) || Response.error();
}

// The network's answer, or the kept page when there is no network or it is slow.
async function page(event) {
  const cache = await caches.open(PAGES);
  const key = pageKey(event.request.url);
  const network = fetch(event.request).then((res) => {
    if (res.ok && !res.redirected) {
      // Refresh a kept page (never keep more pages than the version does).
      const copy = res.clone();
      event.waitUntil(cache.match(key, { ignoreVary: true }).then((old) => old && cache.put(key, copy)));
    }
    return res;
  });
  let timer;
  const slow = new Promise((resolve) => {
    timer = setTimeout(resolve, TIMEOUT);
  })
    .then(() => kept(cache, key))
    .then((hit) => hit || network);
  try {
    return await Promise.race([network, slow]);
  } catch (e) {
    return (await kept(cache, key)) || offlinePage();
  } finally {
    clearTimeout(timer);
  }
}

// A ruling, kept (or moved to the newest) each time it is opened.
async function keepRuling(cache, key, res) {
  const html = await res.clone().text();
  await cache.put(key, await plain(res, { [KEPT_AT]: String(Date.now()) }));
  const all = [];
  for (const req of await cache.keys()) {
    const hit = await cache.match(req, { ignoreVary: true });
    all.push([Number(hit && hit.headers.get(KEPT_AT)) || 0, req]);
  }
  all.sort((a, b) => b[0] - a[0]);
  for (const [, req] of all.slice(C.rulings_kept)) await cache.delete(req);
  await keepClauses(html);
}

const CLAUSE_LINK = /href="(\/g\/[^"\/]+\/c\/[^"\/]+\/)"/g;

// The clause pages a kept ruling links to (best effort), the oldest kept first out.
async function keepClauses(html) {
  const cache = await caches.open(CLAUSES);
  const links = new Set(Array.from(html.matchAll(CLAUSE_LINK), (m) => pageKey(m[1])));
  await pool(Array.from(links), 4, async (key) => {
    try {
      const res = await fetch(key, { credentials: "same-origin" });
      if (res.ok && !res.redirected) {
        await cache.delete(key); // put again: the newest last in the cache's order
        await cache.put(key, res);
      }
    } catch (e) {
      // offline: the page stays as it was kept, or is not kept
    }
  });
  const keys = await cache.keys();
  for (const req of keys.slice(0, Math.max(0, keys.length - C.clauses_kept))) await cache.delete(req);
}

async function ruling(event) {
  const cache = await caches.open(RULINGS);
  const key = pageKey(event.request.url);
  try {
    const res = await fetch(event.request);
    if (res.ok && !res.redirected) event.waitUntil(keepRuling(cache, key, res.clone()));
    return res;
  } catch (e) {
    const hit = await cache.match(key, { ignoreVary: true });
    if (!hit) return offlinePage();
    event.waitUntil(keepRuling(cache, key, hit.clone()));
    return hit;
  }
}

// Any other page of the site: the network's answer; with none, a kept copy (a game's reader,
// a clause page a kept ruling links to), else the offline page saying it needs the network.
async function other(event) {
  try {
    return await fetch(event.request);
  } catch (e) {
    const key = pageKey(event.request.url);
    for (const name of [PAGES, CLAUSES]) {
      const hit = await (await caches.open(name)).match(key, { ignoreVary: true });
      if (hit) return hit;
    }
    return offlinePage();
  }
}

async function staticFile(request) {
  return (await (await caches.open(PAGES)).match(request, { ignoreVary: true })) || fetch(request);
}

function isRuling(path) {
  return path.startsWith(C.rulings) && /^[^/]+\/$/.test(path.slice(C.rulings.length));
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(C.static)) event.respondWith(staticFile(req));
  else if (req.mode !== "navigate") return;
  else if (url.pathname === C.referee) event.respondWith(page(event));
  else if (isRuling(url.pathname)) event.respondWith(ruling(event));
  else event.respondWith(other(event));
});

// ------------------------------------------------------------------ messages from pages

self.addEventListener("message", (event) => {
  const m = event.data || {};
  if (m.type === "keep" && typeof m.url === "string") {
    // A ruling just given on the form page: keep its page as if it had been opened.
    const url = new URL(m.url, self.location.origin);
    if (url.origin !== self.location.origin || !isRuling(url.pathname)) return;
    event.waitUntil(
      (async () => {
        const res = await fetch(url.href, { credentials: "same-origin" });
        if (res.ok) await keepRuling(await caches.open(RULINGS), pageKey(url.href), res);
      })().catch(() => {}),
    );
  } else if (m.type === "lang" && typeof m.lang === "string") {
    // The pages were kept in another interface language than the one now in use: keep
    // them again (the language cookie decides which the server draws).
    event.waitUntil(
      (async () => {
        const meta = await (await caches.open(PAGES)).match(META, { ignoreVary: true });
        const was = meta ? (await meta.json()).lang : null;
        if (was !== m.lang) await precache();
      })().catch(() => {}),
    );
  }
});
