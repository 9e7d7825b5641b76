-- The JSON ruling API: POST a body {"inputs": ..., "variant": ..., "lang": ...}.
-- Args (after the URL): <body file> [accept-encoding]
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

function init(args)
   local f = assert(io.open(args[1], "rb"))
   wrk.body = f:read("*a")
   f:close()
   wrk.method = "POST"
   wrk.headers["Content-Type"] = "application/json"
   wrk.headers["Accept"] = "application/json"
   if args[2] and args[2] ~= "" then
      wrk.headers["Accept-Encoding"] = args[2]
   end
end
