"""Page-weight budget of the referee's first load (enforced) and its LCP on a slow phone (recorded).

Budget (DESIGN.md §6): the referee's first load transfers ≤ 60 KB compressed in ≤ 5 requests.
KB here is 1024 bytes (60 KB = 61,440 bytes).

What is counted: every request the page makes while it loads, in a fresh browser context
(cold cache, no cookies), until the network has been idle for 500 ms: the document, CSS,
scripts, images, the favicon if the browser asks for it, anything. Each response weighs its
status line and headers plus its body *as sent compressed*:

- a response the live server sent gzip-encoded (Django's GZipMiddleware compresses HTML)
  counts its ``Content-Length``, i.e. the compressed bytes on the wire;
- a response sent uncompressed counts the size of its body gzipped by Python's ``gzip`` at
  level 6, because the test live server serves static files through Django's
  ``StaticFilesHandler``, which never compresses, while production (WhiteNoise's
  ``CompressedManifestStaticFilesStorage``) serves the pre-compressed ``.gz`` file. A body
  that gzip would make larger (tiny ones) counts its raw size, as GZipMiddleware and
  WhiteNoise leave those uncompressed.

Request bytes (the browser's own headers) are not counted.

The LCP test records, and does not enforce, the Largest Contentful Paint of the referee form
page under mobile emulation (the session's 390×844 touch viewport, CPU throttled 4×, network
at ≈400 kbit/s down and up with 400 ms latency), median of 5 cold loads. It is written to
test-artifacts/lcp.json and printed (``pytest -s`` to see it).
"""

from __future__ import annotations

import gzip
import json
import statistics
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

KB = 1024
BUDGET_BYTES = 60 * KB
BUDGET_REQUESTS = 5

PAGES = {
    "referee-form": "/referee/?game=rada-miasta&q=council-vote&example=1",
    "referee-games": "/referee/",
}

# Chrome's 4× CPU slowdown and a slow mobile network (≈400 kbit/s, 400 ms round trip).
CPU_THROTTLING_RATE = 4
NETWORK = {
    "offline": False,
    "latency": 400,  # ms
    "downloadThroughput": 400 * 1000 / 8,  # bytes/s
    "uploadThroughput": 400 * 1000 / 8,
    "connectionType": "cellular4g",
}
LCP_RUNS = 5


def _header_bytes(response) -> int:
    """Status line + header lines + blank line, as HTTP/1.1 sends them."""
    status_line = f"HTTP/1.1 {response.status} {response.status_text}\r\n"
    lines = "".join(f"{h['name']}: {h['value']}\r\n" for h in response.headers_array())
    return len((status_line + lines + "\r\n").encode("latin-1", "replace"))


def _body_bytes(response) -> tuple[int, str]:
    """(compressed size of the body, how it was obtained)."""
    headers = response.headers  # lower-cased names
    encoding = headers.get("content-encoding", "")
    if encoding:
        if "content-length" in headers:
            return int(headers["content-length"]), f"{encoding} Content-Length"
        return response.request.sizes()["responseBodySize"], f"{encoding} bytes received"
    if 300 <= response.status < 400:
        return int(headers.get("content-length", "0") or 0), "redirect"
    body = response.body()
    compressed = len(gzip.compress(body, compresslevel=6))
    if compressed < len(body):
        return compressed, f"gzip -6 of {len(body):,} B (served uncompressed)"
    return len(body), "raw (gzip would not shrink it)"


def _weigh(response) -> dict:
    body, how = _body_bytes(response)
    headers = _header_bytes(response)
    return {
        "url": response.url,
        "status": response.status,
        "type": response.request.resource_type,
        "headers_bytes": headers,
        "body_bytes": body,
        "bytes": headers + body,
        "counted_as": how,
    }


RESOURCES_JS = """() => performance.getEntriesByType("resource").map((e) => ({
  name: e.name, type: e.initiatorType, status: e.responseStatus || null,
  transfer: e.transferSize, encoded: e.encodedBodySize,
}))"""


@pytest.mark.parametrize("name", list(PAGES))
def test_referee_first_load_is_within_the_page_weight_budget(site, page, shot, name):
    requests, responses = [], []
    page.on("request", lambda r: requests.append(r))
    page.on("response", lambda r: responses.append(r))

    page.goto(site + PAGES[name], wait_until="load")
    page.wait_for_load_state("networkidle")
    if name == "referee-form":
        # It is the page we mean: the form, with htmx loaded and ready.
        assert page.locator("#referee-form").is_visible()
        assert page.evaluate("typeof window.htmx") == "object"

    rows = [_weigh(r) for r in responses]
    # Requests the browser makes on its own (the favicon) may not reach Playwright's events;
    # the page's Resource Timing entries list them: count them too, at their transferSize.
    seen = {r.url for r in requests}
    for entry in page.evaluate(RESOURCES_JS):
        if entry["name"] not in seen:
            requests.append(entry["name"])
            rows.append(
                {
                    "url": entry["name"],
                    "status": entry["status"],
                    "type": entry["type"],
                    "headers_bytes": None,
                    "body_bytes": entry["encoded"],
                    "bytes": entry["transfer"],
                    "counted_as": "Resource Timing transferSize (not seen by Playwright)",
                }
            )
    total = sum(r["bytes"] for r in rows)
    report = {
        "page": PAGES[name],
        "requests": len(requests),
        "responses": rows,
        "total_bytes": total,
        "budget_bytes": BUDGET_BYTES,
        "budget_requests": BUDGET_REQUESTS,
    }
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"page-weight-{name}.json").write_text(json.dumps(report, indent=1) + "\n")
    shot(page, f"budget-{name}")
    print(f"\n{PAGES[name]}: {len(requests)} requests, {total:,} B ({total / KB:.1f} KB) compressed")
    for r in rows:
        print(
            f"  {r['status']} {r['type']:10s} {r['bytes']:>7,} B  {r['url'].removeprefix(site)}  [{r['counted_as']}]"
        )

    assert len(rows) == len(requests), "every request got a response"
    assert len(requests) <= BUDGET_REQUESTS, f"{len(requests)} requests > {BUDGET_REQUESTS}: {report}"
    assert total <= BUDGET_BYTES, f"{total:,} B > {BUDGET_BYTES:,} B: {report}"


LCP_JS = """() => new Promise((resolve) => {
  const nav = performance.getEntriesByType("navigation")[0];
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    const e = entries[entries.length - 1];
    resolve({
      lcp_ms: e.renderTime || e.startTime,
      element: e.element ? e.element.tagName.toLowerCase() + (e.element.id ? "#" + e.element.id : "") : null,
      size: e.size,
      fcp_ms: fcp ? fcp.startTime : null,
      ttfb_ms: nav ? nav.responseStart : null,
      load_ms: nav ? nav.loadEventEnd : null,
    });
  }).observe({type: "largest-contentful-paint", buffered: true});
  setTimeout(() => resolve(null), 10000);
})"""


# A cold load: the service worker (installed by an earlier run in the same browser) would
# answer from its cache and make the median warm.
@pytest.mark.browser_context_args(service_workers="block")
def test_referee_lcp_under_mobile_emulation_is_recorded(site, page, shot):
    url = site + PAGES["referee-form"]
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_THROTTLING_RATE})

    runs = []
    for _ in range(LCP_RUNS):
        page.goto("about:blank")
        cdp.send("Network.clearBrowserCache")
        page.context.clear_cookies()
        page.goto(url, wait_until="load", timeout=60_000)
        page.wait_for_load_state("networkidle", timeout=60_000)
        entry = page.evaluate(LCP_JS)
        assert entry is not None, "the browser reported no largest-contentful-paint entry"
        runs.append({k: round(v, 1) if isinstance(v, float) else v for k, v in entry.items()})
    shot(page, "budget-referee-form-slow-mobile")

    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    cdp.send(
        "Network.emulateNetworkConditions",
        {**NETWORK, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    median = statistics.median(r["lcp_ms"] for r in runs)
    record = {
        "page": PAGES["referee-form"],
        "conditions": {
            "viewport": page.viewport_size,
            "cpu_throttling_rate": CPU_THROTTLING_RATE,
            "network": NETWORK,
            "cache": "cold (cleared and disabled), no cookies",
            "server": "Django live test server (static files uncompressed)",
        },
        "runs": runs,
        "lcp_median_ms": round(median, 1),
        "fcp_median_ms": round(statistics.median(r["fcp_ms"] for r in runs if r["fcp_ms"] is not None), 1),
        "enforced": False,
    }
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "lcp.json").write_text(json.dumps(record, indent=1) + "\n")
    print(
        f"\nLCP of {PAGES['referee-form']} (4× CPU, 400 kbit/s, 400 ms RTT), median of {LCP_RUNS}: "
        f"{median:.0f} ms; runs: {[r['lcp_ms'] for r in runs]}"
    )
