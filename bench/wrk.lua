-- wrk script of scripts/bench-http.sh. WRK_MODE picks the workload:
--   get      GET the URL as given (e.g. /health)
--   post     POST WRK_BODY (JSON) to the URL as given; the Python reference's
--            stateless /step, where every request is a whole one-step episode
--   session  stateful steps on DeskBench: the URL is a mount (e.g.
--            http://127.0.0.1:7860 or .../envs/productivity). A pool of
--            WRK_POOL sessions (X-Session-Id bench-<thread>-<n>) is played in
--            turn: a session's first request is POST /reset (WRK_RESET_BODY,
--            with the session's seed), then POST /step (WRK_STEP_BODY) until a
--            reply says "done":true, then a reset again.
-- In session mode a session is handed out only after its previous reply came
-- back (the reply's X-Session-Id says whose it was), so no session ever has two
-- requests in flight and every step follows its reset, whatever order the
-- connections finish in. The pool is larger than the connection count, so a
-- connection never waits for a free session.
-- Every mode ends with one line `WRK_JSON {...}`: requests, duration, status
-- and socket errors, latency percentiles in microseconds, and in session mode
-- how many requests were steps and how many resets.

local mode = os.getenv("WRK_MODE") or "get"

if mode == "post" then
  wrk.method = "POST"
  wrk.body = os.getenv("WRK_BODY") or "{}"
  wrk.headers["Content-Type"] = "application/json"
end

local threads = {}

function setup(thread)
  thread:set("thread_index", #threads)
  table.insert(threads, thread)
end

if mode == "session" then
  local step_body = os.getenv("WRK_STEP_BODY") or '{"action":{"raw":"inspect"}}'
  local reset_body = os.getenv("WRK_RESET_BODY") or "{}"
  local pool_size = tonumber(os.getenv("WRK_POOL") or "256")
  -- The queue of sessions ready for their next request, and every session by id.
  local ready, head, tail = {}, 1, 0
  local sessions, count = {}, 0
  steps, resets, failures = 0, 0, 0

  local function push(session)
    tail = tail + 1
    ready[tail] = session
  end

  local function new_session()
    local n = count
    count = count + 1
    local id = string.format("bench-%d-%d", thread_index or 0, n)
    local prefix = wrk.path:gsub("/+$", "")
    local headers = { ["Content-Type"] = "application/json", ["X-Session-Id"] = id }
    -- The reset body gets the session's seed unless it names one.
    local body = reset_body
    if not body:find('"seed"', 1, true) then
      body = body:gsub("^%s*{%s*", string.format('{"seed":%d,', n)):gsub(",%s*}%s*$", "}")
    end
    local session = {
      id = id,
      next = "reset",
      reset = wrk.format("POST", prefix .. "/reset", headers, body),
      step = wrk.format("POST", prefix .. "/step", headers, step_body),
    }
    sessions[id] = session
    return session
  end

  function init(args)
    for _ = 1, pool_size do push(new_session()) end
  end

  function request()
    local session
    if head <= tail then
      session = ready[head]
      ready[head] = nil
      head = head + 1
    else
      -- Only when replies were lost (socket errors): a fresh session.
      session = new_session()
    end
    if session.next == "reset" then
      resets = resets + 1
      return session.reset
    end
    steps = steps + 1
    return session.step
  end

  function response(status, headers, body)
    local id = headers["x-session-id"] or headers["X-Session-Id"]
    local session = id and sessions[id]
    if not session then
      failures = failures + 1
      return
    end
    if status ~= 200 or body:find('"done":true}', 1, true) then
      if status ~= 200 then failures = failures + 1 end
      session.next = "reset"
    else
      session.next = "step"
    end
    push(session)
  end
end

function done(summary, latency, requests)
  local steps, resets, failures = 0, 0, 0
  for _, thread in ipairs(threads) do
    steps = steps + (thread:get("steps") or 0)
    resets = resets + (thread:get("resets") or 0)
    failures = failures + (thread:get("failures") or 0)
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"mode":"%s","requests":%d,"duration_us":%d,"steps":%d,"resets":%d,' ..
    '"status_errors":%d,"socket_errors":%d,"session_failures":%d,' ..
    '"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f}\n',
    mode, summary.requests, summary.duration, steps, resets,
    e.status, e.connect + e.read + e.write + e.timeout, failures,
    latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, latency.mean))
end
