-- wrk script for bench/run.ts: a POST whose body and headers come from the environment
-- (WRK_BODY, and WRK_HEADERS as "name: value" lines).
wrk.method = "POST"
wrk.body = os.getenv("WRK_BODY")
for line in string.gmatch(os.getenv("WRK_HEADERS") or "", "[^\n]+") do
  local name, value = string.match(line, "^([^:]+):%s*(.*)$")
  if name then wrk.headers[name] = value end
end
