-- GET the URL given on the command line.
-- Args (after the URL): [accept-encoding]  e.g. "gzip", or "" for none.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

function init(args)
   wrk.method = "GET"
   accept_encoding(args[1])
end
