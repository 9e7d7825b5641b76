-- Shared by every wrk script here: counts the status of every response per
-- thread (wrk itself only counts >= 400) and, when the run is done, prints one
-- machine-readable line "WRKJSON {...}" with the latency percentiles (p95
-- included, which `--latency` does not print) and every error count. It also
-- holds the request set-up the scripts share (post_file, accept_encoding).

local threads = {}

function setup(thread)
   table.insert(threads, thread)
end

non2xx = 0
statuses = {}

function response(status, headers, body)
   if status < 200 or status > 299 then
      non2xx = non2xx + 1
   end
   statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
   local n = 0
   local codes = {}
   for _, t in ipairs(threads) do
      n = n + (t:get("non2xx") or 0)
      for code, count in pairs(t:get("statuses") or {}) do
         codes[code] = (codes[code] or 0) + count
      end
   end
   local parts = {}
   for code, count in pairs(codes) do
      table.insert(parts, string.format('"%d":%d', code, count))
   end
   local e = summary.errors
   io.write(string.format(
      'WRKJSON {"requests":%d,"duration_us":%d,"bytes":%d,' ..
      '"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"non2xx":%d,' ..
      '"latency_mean_us":%.1f,"latency_stdev_us":%.1f,"latency_min_us":%d,"latency_max_us":%d,' ..
      '"p50_us":%d,"p75_us":%d,"p90_us":%d,"p95_us":%d,"p99_us":%d,"statuses":{%s}}\n',
      summary.requests, summary.duration, summary.bytes,
      e.connect, e.read, e.write, e.status, e.timeout, n,
      latency.mean, latency.stdev, latency.min, latency.max,
      latency:percentile(50), latency:percentile(75), latency:percentile(90),
      latency:percentile(95), latency:percentile(99), table.concat(parts, ",")))
end

-- Make every request a POST of the file at `path`, sent as `content_type`.
function post_file(path, content_type)
   local f = assert(io.open(path, "rb"))
   wrk.body = f:read("*a")
   f:close()
   wrk.method = "POST"
   wrk.headers["Content-Type"] = content_type
end

-- Ask for `encoding` (e.g. "gzip") unless it is missing or "".
function accept_encoding(encoding)
   if encoding and encoding ~= "" then
      wrk.headers["Accept-Encoding"] = encoding
   end
end
