"""The driver of scripts/cluster-test.sh: sessions over HTTP, /ws and MCP
through the session-affine HAProxy in front of three replicas.

Phases (each bounded; every wait has a timeout):
1. affinity: CLUSTER_SESSIONS sessions, a third per transport, each keeps
   every reply on one replica (HAProxy's X-Served-By) and plays exactly the
   transcript a single replica plays for the same seed, episode id and
   actions (replayed straight against replica 1, no proxy);
2. drain: half as many episodes are in progress when replica 2 gets SIGTERM;
   they all play to their end and new ones start meanwhile: zero failed
   requests, and replica 2 exits once its episodes are over;
3. kill: episodes in progress on the two survivors when replica 3 gets
   SIGKILL: its HTTP sessions get 409 EPISODE_NOT_STARTED ("reset first"), its /ws
   sockets drop, and every session on replica 1 plays on untouched.
"""

import argparse
import asyncio
import json
import os
import signal
import sys
import time

import httpx
import websockets

TIMEOUT = 30.0
CONCURRENCY = 32



# What a session whose replica was killed may be told, both clear: the replica
# the router picks next has no such episode (409), or, before the health check
# has marked the dead replica down, the router found no replica to answer
# (its own JSON 503, deploy/kubernetes/base/haproxy/haproxy.cfg).
CLEAR_LOST_SESSION = {(409, "EPISODE_NOT_STARTED"), (503, "REPLICA_UNAVAILABLE")}


def error_code(response):
    """The stable error code of a JSON error reply; the body's start otherwise."""
    try:
        return response.json().get("error", {}).get("code")
    except ValueError:
        return "not JSON: " + response.text[:80]

def script(i):
    """The actions of session i: a few inspections, then a final answer."""
    return ["inspect"] * (i % 3 + 1) + ["final"]


def raw(action):
    return {"raw": "inspect"} if action == "inspect" else {"raw": "final: " + json.dumps(ANSWER)}


# A whole answer: MCP holds `final` to its input schema (every field of the
# email task, from its enums) and refuses anything less before the step.
ANSWER = {"label": "work", "priority": "normal", "needs_reply": "no"}


def tool(action):
    return ("inspect", {}) if action == "inspect" else ("final", {"answer": ANSWER})


def outcome(result):
    """What a transcript compares: observation, reward, done."""
    return {k: result.get(k) for k in ("observation", "reward", "done")}


class Tally:
    def __init__(self):
        self.requests = 0
        self.errors = []
        self.steps = 0

    def fail(self, what):
        self.errors.append(what)


class Episode:
    """One session's episode on one transport, played step by step so a
    phase can pause it mid-way."""

    def __init__(self, kind, i, tag, base, client, tally):
        self.kind, self.i, self.tag, self.base = kind, i, tag, base
        self.client, self.tally = client, tally
        self.id = f"{tag}-{kind}-{i}"
        self.served_by = set()
        self.transcript = []
        self.actions = script(i)
        self.next_action = 0
        self.ws = None
        self.mcp_id = None
        self.rpc_id = 0

    @property
    def done(self):
        return self.transcript and self.transcript[-1]["done"]

    def note(self, response):
        self.tally.requests += 1
        server = response.headers.get("x-served-by")
        if server:
            self.served_by.add(server)

    async def post(self, path, body, headers):
        response = await self.client.post(self.base + path, json=body, headers=headers)
        self.note(response)
        return response

    async def start(self):
        reset = {"seed": self.i, "episode_id": f"ep-{self.i}"}
        if self.kind == "http":
            r = await self.post("/reset", reset, {"x-session-id": self.id})
            if r.status_code != 200:
                return self.tally.fail(f"{self.id} reset {r.status_code} {r.text[:200]}")
            self.transcript.append(outcome(r.json()))
        elif self.kind == "mcp":
            for attempt in range(5):
                r = await self.post("/mcp", {"jsonrpc": "2.0", "id": 0, "method": "initialize",
                                             "params": {"protocolVersion": "2025-03-26"}}, {})
                body = r.json()
                # A draining replica refuses a new MCP session with a
                # JSON-RPC error (HTTP 200, which the proxy does not retry):
                # the client retries, and round robin takes it elsewhere.
                if body.get("error", {}).get("data", {}).get("code") == "DRAINING":
                    self.tally.mcp_retries = getattr(self.tally, "mcp_retries", 0) + 1
                    continue
                break
            self.mcp_id = r.headers.get("mcp-session-id")
            if r.status_code != 200 or not self.mcp_id:
                return self.tally.fail(f"{self.id} initialize {r.status_code} {r.text[:200]}")
            self.served_by.clear()
            self.note_initialize = r.headers.get("x-served-by")
            if self.note_initialize:
                self.served_by.add(self.note_initialize)
            r = await self.post("/reset", reset, {"x-session-id": self.mcp_id})
            if r.status_code != 200:
                return self.tally.fail(f"{self.id} reset {r.status_code} {r.text[:200]}")
            self.transcript.append(outcome(r.json()))
        else:
            url = self.base.replace("http://", "ws://") + "/ws"
            self.ws = await websockets.connect(url, open_timeout=TIMEOUT)
            self.tally.requests += 1
            server = self.ws.response.headers.get("x-served-by")
            if server:
                self.served_by.add(server)
            reply = await self.ask({"type": "reset", "data": reset})
            if reply.get("type") != "observation":
                return self.tally.fail(f"{self.id} reset {reply}")
            self.transcript.append(outcome(reply["data"]))

    async def ask(self, frame):
        await self.ws.send(json.dumps(frame))
        self.tally.requests += 1
        return json.loads(await asyncio.wait_for(self.ws.recv(), TIMEOUT))

    async def step(self):
        """Play the next action; False when the request failed."""
        action = self.actions[min(self.next_action, len(self.actions) - 1)]
        self.next_action += 1
        if self.kind == "http":
            r = await self.post("/step", {"action": raw(action)}, {"x-session-id": self.id})
            if r.status_code != 200:
                self.last_error = (r.status_code, error_code(r))
                return False
            result = r.json()
        elif self.kind == "mcp":
            self.rpc_id += 1
            name, arguments = tool(action)
            r = await self.post("/mcp", {"jsonrpc": "2.0", "id": self.rpc_id, "method": "tools/call",
                                         "params": {"name": name, "arguments": arguments}},
                                {"mcp-session-id": self.mcp_id})
            body = r.json() if r.status_code == 200 else {}
            if "result" not in body or body["result"].get("isError"):
                self.last_error = (r.status_code, json.dumps(body)[:200])
                return False
            result = body["result"]["structuredContent"]
        else:
            try:
                reply = await self.ask({"type": "step", "data": raw(action)})
            except (websockets.ConnectionClosed, asyncio.TimeoutError) as err:
                self.last_error = ("ws", repr(err)[:100])
                return False
            if reply.get("type") != "observation":
                self.last_error = ("ws", json.dumps(reply)[:200])
                return False
            result = reply["data"]
        self.tally.steps += 1
        self.transcript.append(outcome(result))
        return True

    async def finish(self):
        for _ in range(10):
            if self.done:
                break
            if not await self.step():
                return self.tally.fail(f"{self.id} step on {self.served_by}: {self.last_error}")
        if not self.done:
            self.tally.fail(f"{self.id} never ended")
        await self.close()

    async def close(self):
        if self.ws is not None:
            await self.ws.close()
            self.ws = None


async def gather_bounded(coroutines):
    gate = asyncio.Semaphore(CONCURRENCY)

    async def run(coroutine):
        async with gate:
            return await coroutine

    return await asyncio.gather(*(run(c) for c in coroutines))


KINDS = ("http", "ws", "mcp")


def episodes(n, tag, base, client, tally):
    return [Episode(KINDS[i % 3], i, tag, base, client, tally) for i in range(n)]


async def play(episode):
    await episode.start()
    if episode.transcript:
        await episode.finish()


def rss_mib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except FileNotFoundError:
        return None


async def wait_exit(pid, limit):
    started = time.monotonic()
    while time.monotonic() - started < limit:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return time.monotonic() - started
        # A replica's own exit is the event; /proc has no way to wait on a
        # process that is not our child.
        await asyncio.sleep(0.05)
    return None


async def stats(client, replica):
    r = await client.get(f"http://{replica}/stats")
    return r.json()


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--proxy", required=True)
    parser.add_argument("--replicas", nargs=3, required=True)
    parser.add_argument("--pids", nargs=3, type=int, required=True)
    parser.add_argument("--sessions", type=int, default=240)
    args = parser.parse_args()
    failures = 0
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    async with httpx.AsyncClient(timeout=TIMEOUT, limits=limits) as client:
        # HAProxy has no ready line to read: wait (bounded) for its port to
        # answer and for its first health checks to mark the replicas up.
        for _ in range(200):
            try:
                if (await client.get(args.proxy + "/health")).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.05)
        else:
            print("cluster-test: the proxy never answered /health")
            return 1
        # 1. Affinity and transcripts.
        tally = Tally()
        through_proxy = episodes(args.sessions, "p1", args.proxy, client, tally)
        started = time.monotonic()
        await gather_bounded(play(e) for e in through_proxy)
        took = time.monotonic() - started
        replay_tally = Tally()
        single = episodes(args.sessions, "p1r", f"http://{args.replicas[0]}", client, replay_tally)
        await gather_bounded(play(e) for e in single)
        spread = [e for e in through_proxy if len(e.served_by) != 1]
        differ = [e.id for e, s in zip(through_proxy, single) if e.transcript != s.transcript]
        placed = {}
        for e in through_proxy:
            for server in e.served_by:
                placed[server] = placed.get(server, 0) + 1
        memory = [rss_mib(pid) for pid in args.pids]
        per_replica = [await stats(client, r) for r in args.replicas]
        print(f"phase 1 (3 replicas): {len(through_proxy)} sessions "
              f"({args.sessions // 3} each over HTTP, /ws, MCP), {tally.requests} requests, "
              f"{len(tally.errors)} errors, {tally.steps} steps in {took:.2f} s "
              f"({tally.steps / took:.0f} steps/s, {tally.requests / took:.0f} requests/s through the proxy)")
        print(f"  sessions per replica {dict(sorted(placed.items()))}; "
              f"on more than one replica: {len(spread)}; transcripts differing from a single "
              f"replica's replay: {len(differ)}")
        print("  replica RSS MiB " + ", ".join(f"{m:.1f}" for m in memory)
              + "; resets served " + ", ".join(str(s["resets_served"]) for s in per_replica))
        for what in tally.errors[:5] + replay_tally.errors[:5]:
            print("  error:", what)
        failures += len(tally.errors) + len(replay_tally.errors) + len(spread) + len(differ)

        # 2. Drain replica 2 mid-run.
        tally = Tally()
        in_progress = episodes(args.sessions // 2, "p2", args.proxy, client, tally)
        await gather_bounded(e.start() for e in in_progress)
        await gather_bounded(e.step() for e in in_progress)
        on_replica2 = sum(1 for e in in_progress if "replica2" in e.served_by)
        sigterm = time.monotonic()
        os.kill(args.pids[1], signal.SIGTERM)
        later = episodes(args.sessions // 2, "p2b", args.proxy, client, tally)
        await gather_bounded([e.finish() for e in in_progress] + [play(e) for e in later])
        finished = time.monotonic() - sigterm
        exited = await wait_exit(args.pids[1], 30)
        late_on_2 = sum(1 for e in later if "replica2" in e.served_by)
        print(f"phase 2 (drain replica 2): {len(in_progress)} episodes in progress at SIGTERM "
              f"({on_replica2} on replica 2), {len(later)} started during the drain "
              f"({late_on_2} answered by replica 2), {tally.requests} requests, "
              f"{len(tally.errors)} failed; all episodes over {finished:.2f} s after SIGTERM; "
              f"replica 2 exited {'%.2f s after SIGTERM' % (sigterm and exited + finished) if exited is not None else 'NOT within 30 s'}; "
              f"MCP initializations retried by the client: {getattr(tally, 'mcp_retries', 0)}")
        for what in tally.errors[:5]:
            print("  error:", what)
        failures += len(tally.errors) + (exited is None) + (late_on_2 > 0)

        # 3. Kill replica 3 mid-run.
        tally = Tally()
        victims = [e for e in episodes(args.sessions // 2, "p3", args.proxy, client, tally)
                   if e.kind != "mcp"]
        await gather_bounded(e.start() for e in victims)
        await gather_bounded(e.step() for e in victims)
        os.kill(args.pids[2], signal.SIGKILL)
        await wait_exit(args.pids[2], 10)
        started = time.monotonic()
        steps_before = tally.steps
        outcomes = await gather_bounded(e.step() for e in victims)
        lost = {"http": 0, "ws": 0}
        clear = 0
        untouched_failed = 0
        for e, ok in zip(victims, outcomes):
            if "replica3" in e.served_by:
                lost[e.kind] += 1
                if e.kind == "http" and not ok and e.last_error in CLEAR_LOST_SESSION:
                    clear += 1
                elif e.kind == "ws" and not ok:
                    clear += 1
            elif not ok:
                untouched_failed += 1
        survivors = [e for e in victims if "replica3" not in e.served_by]
        await gather_bounded(e.finish() for e in survivors)
        took = time.monotonic() - started
        for e in victims:
            await e.close()
        print(f"phase 3 (kill replica 3): {len(victims)} episodes in progress, "
              f"{lost['http']} HTTP and {lost['ws']} /ws on replica 3: {clear} of them got the "
              f"clear error (409 EPISODE_NOT_STARTED / router 503 REPLICA_UNAVAILABLE / socket closed); {len(survivors)} elsewhere: "
              f"{untouched_failed + len(tally.errors)} failed; "
              f"{(tally.steps - steps_before) / took:.0f} steps/s on the one replica left")
        seen = sorted({str(e.last_error) for e, ok in zip(victims, outcomes)
                       if "replica3" in e.served_by and e.kind == "http" and not ok})
        print("  replica 3's HTTP sessions answered:", ", ".join(seen) or "-")
        for what in tally.errors[:5]:
            print("  error:", what)
        failures += untouched_failed + len(tally.errors) + (clear != lost["http"] + lost["ws"])
    print("cluster-test:", "PASS" if failures == 0 else f"FAIL ({failures} problems)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
