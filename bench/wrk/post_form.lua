-- The referee page's htmx POST: a form-encoded situation, answered with the
-- ruling fragment. Args (after the URL): <body file> <csrf token> [accept-encoding]
-- The CSRF token (32 alphanumerics) is sent as the csrftoken cookie and as the
-- X-CSRFToken header, as the page's hx-headers does.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

function init(args)
   local f = assert(io.open(args[1], "rb"))
   wrk.body = f:read("*a")
   f:close()
   wrk.method = "POST"
   wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
   wrk.headers["HX-Request"] = "true"
   wrk.headers["HX-Target"] = "result"
   wrk.headers["Cookie"] = "csrftoken=" .. args[2]
   wrk.headers["X-CSRFToken"] = args[2]
   if args[3] and args[3] ~= "" then
      wrk.headers["Accept-Encoding"] = args[3]
   end
end
