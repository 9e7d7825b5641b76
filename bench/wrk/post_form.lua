-- The referee page's htmx POST: a form-encoded situation, answered with the
-- ruling fragment. Args (after the URL): <body file> <csrf token> [accept-encoding]
-- The CSRF token (32 alphanumerics) is sent as the csrftoken cookie and as the
-- X-CSRFToken header, as the page's hx-headers does.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

function init(args)
   post_file(args[1], "application/x-www-form-urlencoded")
   wrk.headers["HX-Request"] = "true"
   wrk.headers["HX-Target"] = "result"
   wrk.headers["Cookie"] = "csrftoken=" .. args[2]
   wrk.headers["X-CSRFToken"] = args[2]
   accept_encoding(args[3])
end
