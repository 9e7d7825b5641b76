-- The JSON ruling API: POST a body {"inputs": ..., "variant": ..., "lang": ...}.
-- Args (after the URL): <body file> [accept-encoding]
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

function init(args)
   post_file(args[1], "application/json")
   wrk.headers["Accept"] = "application/json"
   accept_encoding(args[2])
end
