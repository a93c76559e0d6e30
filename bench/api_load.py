"""Bounded load run against `/api/search` of `termbase serve`, on 127.0.0.1 only.

    python bench/api_load.py [--rate 200] [--seconds 20] [--db PATH]

Starts `termbase serve` (the built-in glossary unless --db is given) in a subprocess on a
free loopback port, waits for it, warms it up, then sends an open-loop load: request i is
due at start + i / rate, whatever happened to the ones before it, so a slow server is not
hidden by a client that waits (no coordinated omission). The count is bounded
(rate × seconds), every request has a timeout, and the run stops by itself. Queries are the
264 written queries of bench/queries.yaml (exact labels, variants, acronyms, typos,
prefixes, questions, ambiguous and negative queries), shuffled with a fixed seed.

The warm-up asks every query once, so the measured runs repeat queries the server has
answered (it keeps its recent answers): this measures a popular-query load and the web
stack, not search itself (bench/search_speed.py does). `--distinct` sends queries the
server has not seen instead: each label of the termbase as typed and as "what is …".
Each run also reports the server's CPU time per request and the client's share of a core
(near 100%: the client, not the server, is late).

Reports p50/p90/p99/max latency (from the moment each request was due, and from the
moment it was sent), achieved throughput and errors (non-200 answers, timeouts, refused
connections). Target on the 2-core machine: p99 < 20 ms at 200 requests/s, zero errors, in
at least 4 of 5 runs in a row (`--runs 5`: each run after the last, on the same server), and
the server's peak resident memory (embeddings loaded) at most 150 MB.
Needs httpx (`python3 -m pip install httpx`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import yaml

HERE = Path(__file__).resolve().parent
HOST = "127.0.0.1"
DRAIN_SECONDS = 10.0


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def load_queries(seed: int) -> list[str]:
    """Return the written benchmark queries, shuffled with `seed`."""
    items = yaml.safe_load((HERE / "queries.yaml").read_text(encoding="utf-8"))
    queries = [str(item["query"]) for item in items]
    random.Random(seed).shuffle(queries)
    return queries


def distinct_queries(base: str, seed: int) -> list[str]:
    """Return a query per label of the served termbase and a question per label ("what is X"),
    shuffled with `seed`: none of them asked in the warm-up, so each measured request is a
    search the server has not cached (until the list runs out and repeats)."""
    labels: list[str] = []
    with httpx.Client(base_url=base, timeout=30) as client:
        page = 1
        while True:
            body = client.get("/api/concepts", params={"page": page, "per_page": 500}).json()
            labels += [str(concept["label"]) for concept in body["concepts"]]
            if page >= body["pages"]:
                break
            page += 1
    queries = [*labels, *(f"what is {label}" for label in labels)]
    random.Random(seed).shuffle(queries)
    return queries


def start_server(db: str | None, port: int) -> subprocess.Popen[bytes]:
    """Start `termbase serve` on 127.0.0.1:`port` in its own process group."""
    command = [sys.executable, "-m", "termbase", "serve", "--host", HOST, "--port", str(port)]
    if db:
        command += ["--db", db]
    return subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """Stop the server started by start_server (its process group only)."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def wait_ready(base: str, process: subprocess.Popen[bytes], timeout: float = 120.0) -> float:
    """Wait until the server answers a search; return the seconds it took."""
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        if process.poll() is not None:
            err = process.stderr.read().decode(errors="replace") if process.stderr else ""
            raise SystemExit(f"termbase serve exited with {process.returncode}:\n{err[-2000:]}")
        try:
            if httpx.get(f"{base}/api/search", params={"q": "attention"}, timeout=2).status_code == 200:
                return time.perf_counter() - started
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"termbase serve did not answer within {timeout:.0f} s")


def wait_idle(base: str, within: float = 0.05, timeout: float = 60.0) -> None:
    """Wait until the server answers /api/stats within `within` seconds (requests a run left
    queued are done), so one run's backlog does not count against the next."""
    deadline = time.monotonic() + timeout
    with httpx.Client(base_url=base, timeout=timeout) as client:
        while time.monotonic() < deadline:
            started = time.perf_counter()
            client.get("/api/stats")
            if time.perf_counter() - started < within:
                return
            time.sleep(0.5)


def resident_kb(pid: int, field: str = "VmRSS") -> int:
    """Return the resident memory of process `pid` in KiB (0 where /proc is missing); with
    `field="VmHWM"`, the most it has held so far."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


#: Issue 19's target for `termbase serve` (embeddings loaded), in MB of peak resident memory.
MEMORY_TARGET_MB = 150


def every_route(base: str) -> list[tuple[str, dict[str, str]]]:
    """Return (path, params) for every route the server has, with real ids, letters and topics."""
    with httpx.Client(base_url=base, timeout=10) as client:
        listing = client.get("/api/concepts", params={"per_page": 200}).json()
        stats = client.get("/api/stats").json()
    ids = [c["id"] for c in listing["concepts"]][:20]
    letters = sorted({c["id"][0].upper() for c in listing["concepts"] if c["id"][0].isalpha()})[:5]
    topics = list(stats.get("per_topic", {}))[:3]
    routes: list[tuple[str, dict[str, str]]] = [
        ("/", {}), ("/stats", {}), ("/search", {"q": ""}), ("/llms.txt", {}), ("/glossary-data.txt", {}),
        ("/api/concepts", {"page": "2"}), ("/api/search", {"q": ""}), ("/api/suggest", {"q": ""}),
        ("/api/stats", {}), ("/openapi.json", {}), ("/docs", {}), ("/static/style.css", {}),
        ("/static/search.js", {}),
    ]  # fmt: skip
    routes += [(f"/c/{i}", {}) for i in ids] + [(f"/api/concepts/{i}", {}) for i in ids]
    routes += [(f"/letter/{letter}", {}) for letter in letters] + [(f"/topic/{t}", {}) for t in topics]
    return routes


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user + system) process `pid` has used so far (0 where /proc is missing)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(ordered: list[float], q: float) -> float | None:
    """Return the q-quantile (0..1) of sorted `ordered`, in milliseconds (None if empty)."""
    if not ordered:
        return None
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000, 2)


async def run_load(
    base: str,
    queries: list[str],
    rate: float,
    seconds: float,
    path: str = "/api/search",
    targets: list[tuple[str, dict[str, str]]] | None = None,
) -> dict[str, object]:
    """Send rate × seconds requests to `path` open-loop; return latency, throughput and errors."""
    total = int(rate * seconds)
    due_latency: list[float] = []
    service_latency: list[float] = []
    errors: dict[str, int] = {}
    limits = httpx.Limits(max_connections=256, max_keepalive_connections=256)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=5.0) as client:

        async def one(index: int, due: float) -> None:
            query = queries[index % len(queries)]
            target, params = targets[index % len(targets)] if targets else (path, {"q": query})
            if "q" in params:
                params = {**params, "q": query}
            sent = time.perf_counter()
            try:
                response = await client.get(target, params=params)
                done = time.perf_counter()
                if response.status_code != 200:
                    key = f"HTTP {response.status_code}"
                    errors[key] = errors.get(key, 0) + 1
                    return
                if "json" in response.headers.get("content-type", ""):
                    response.json()
            except (httpx.HTTPError, ValueError) as error:
                key = type(error).__name__
                errors[key] = errors.get(key, 0) + 1
                return
            due_latency.append(done - due)
            service_latency.append(done - sent)

        tasks = []
        start = time.perf_counter() + 0.05
        for index in range(total):
            due = start + index / rate
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            tasks.append(asyncio.create_task(one(index, due)))
        sent_all = time.perf_counter()
        # Bounded drain: whatever has not finished DRAIN_SECONDS after the last send is
        # cancelled and counted as an error ("unfinished"), so an overloaded server
        # still gives a report and the run still stops by itself.
        _, pending = await asyncio.wait(tasks, timeout=DRAIN_SECONDS)
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.wait(pending, timeout=5)
            errors["unfinished"] = len(pending)
        finished = time.perf_counter()
    due_latency.sort()
    service_latency.sort()
    ok = len(due_latency)
    return {
        "requests": total,
        "ok": ok,
        "errors": sum(errors.values()),
        "error_kinds": errors,
        "offered_rps": rate,
        "send_seconds": round(sent_all - start, 2),
        "achieved_rps": round(ok / (finished - start), 1),
        "latency_ms": {
            "p50": pct(due_latency, 0.50),
            "p90": pct(due_latency, 0.90),
            "p99": pct(due_latency, 0.99),
            "max": round(due_latency[-1] * 1000, 2) if ok else None,
            "mean": round(statistics.fmean(due_latency) * 1000, 2) if ok else None,
        },
        "service_ms": {
            "p50": pct(service_latency, 0.50),
            "p99": pct(service_latency, 0.99),
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=200.0, help="requests per second (open loop)")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the measured run")
    parser.add_argument("--db", help="termbase file to serve (default: the built-in glossary)")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument(
        "--endpoint", choices=["search", "suggest"], default="search", help="/api/search or /api/suggest"
    )
    parser.add_argument(
        "--routes", choices=["one", "all"], default="one",
        help="all: cycle through every route (pages, API, text, docs, static) instead of --endpoint",
    )  # fmt: skip
    parser.add_argument(
        "--runs", type=int, default=1,
        help="measured runs in a row on the same server (the target: met in at least 4 of 5)",
    )  # fmt: skip
    parser.add_argument(
        "--distinct", action="store_true",
        help="queries the server has not answered before: every label of the termbase, as typed and as "
        "'what is …' (no warm-up with them), instead of the written queries repeated",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print only the JSON result")
    args = parser.parse_args()
    if not 1 <= args.runs <= 10:
        raise SystemExit("--runs must be 1 to 10")
    if not 0 < args.rate <= 2000 or not 0 < args.seconds <= 120:
        raise SystemExit("--rate must be in (0, 2000] and --seconds in (0, 120]")

    port = free_port()
    base = f"http://{HOST}:{port}"
    assert urlsplit(base).hostname == "127.0.0.1"
    queries = load_queries(args.seed)
    server = start_server(args.db, port)
    try:
        ready = wait_ready(base, server)
        with httpx.Client(base_url=base, timeout=5) as warm:
            for query in queries:  # warm every code path once (index, typo tables, caches)
                warm.get("/api/search", params={"q": query})
        if args.distinct:
            queries = distinct_queries(base, args.seed)
        path = f"/api/{args.endpoint}"
        targets = every_route(base) if args.routes == "all" else None
        if targets:
            with httpx.Client(base_url=base, timeout=5) as warm:
                for target, params in targets:
                    warm.get(target, params={**params, "q": "attention"} if "q" in params else params)
        rss_before = resident_kb(server.pid)
        runs = []
        for number in range(args.runs):
            if number:
                wait_idle(base)
            server_cpu, client_cpu = cpu_seconds(server.pid), time.process_time()
            started = time.perf_counter()
            runs.append(asyncio.run(run_load(base, queries, args.rate, args.seconds, path, targets)))
            wall = time.perf_counter() - started
            runs[-1]["load_average"] = round(os.getloadavg()[0], 2)
            # CPU per request is what the server does; the load on the machine changes it
            # far less than it changes latency. A client near 100% of a core cannot send on time.
            served = max(1, int(runs[-1]["ok"]))
            server_ms = 1000 * (cpu_seconds(server.pid) - server_cpu) / served
            runs[-1]["server_cpu_ms_per_request"] = round(server_ms, 3)
            runs[-1]["client_cpu_pct"] = round(100 * (time.process_time() - client_cpu) / wall, 1)
        result = runs[-1]
        rss_after = resident_kb(server.pid)
        peak = resident_kb(server.pid, "VmHWM")
    finally:
        stop_server(server)
    result = {"server_ready_s": round(ready, 2), "queries": len(queries), **result}
    if rss_before and rss_after:
        growth = 100 * (rss_after - rss_before) / rss_before
        result["server_rss_kb"] = {"before": rss_before, "after": rss_after, "growth_pct": round(growth, 1)}
    if peak:
        result["server_peak_rss_mb"] = round(peak / 1024, 1)
        result["memory_target"] = f"peak resident memory <= {MEMORY_TARGET_MB} MB"
        result["memory_target_met"] = peak / 1024 <= MEMORY_TARGET_MB
    if targets:
        result["routes"] = len(targets)

    def met(run: dict[str, object]) -> bool:
        latency = run["latency_ms"]
        return run["errors"] == 0 and latency["p99"] is not None and latency["p99"] < 20  # type: ignore[index]

    latency = result["latency_ms"]
    result["target"] = "p99 < 20 ms at 200 req/s, zero errors"
    result["target_met"] = met(result) and args.rate >= 200
    if args.runs > 1:
        result["runs"] = [
            {
                "p99_ms": run["latency_ms"]["p99"],
                "service_p99_ms": run["service_ms"]["p99"],
                "errors": run["errors"],
                "error_kinds": run["error_kinds"],
                "load": run["load_average"],
                "server_cpu_ms_per_request": run["server_cpu_ms_per_request"],
                "client_cpu_pct": run["client_cpu_pct"],
            }
            for run in runs
        ]
        result["runs_meeting_target"] = sum(met(run) for run in runs) if args.rate >= 200 else 0
        meeting = result["runs_meeting_target"]
        result["target"] += f"; in at least 4 of 5 runs in a row ({meeting}/{args.runs} here)"
    if args.json:
        print(json.dumps(result))
        return
    print(json.dumps(result, indent=2))
    rss = result.get("server_rss_kb")
    memory = f"; server memory {rss['growth_pct']:+.1f}%" if isinstance(rss, dict) else ""
    if "server_peak_rss_mb" in result:
        memory += (
            f", peak {result['server_peak_rss_mb']} MB (target <= {MEMORY_TARGET_MB} MB: "
            f"{'met' if result['memory_target_met'] else 'NOT met'})"
        )
    print(
        f"\n{'every route (' + str(len(targets or [])) + ')' if targets else '/api/' + args.endpoint}"
        f" at {args.rate:.0f} req/s offered for {args.seconds:.0f} s: "
        f"p50 {latency['p50']} ms, p99 {latency['p99']} ms, "
        f"{result['achieved_rps']} req/s achieved, {result['errors']} errors "
        f"-> target {'met' if result['target_met'] else 'NOT met'}"
        + (
            f" (last of {args.runs} runs; p99 per run {[run['p99_ms'] for run in result['runs']]} ms, "
            f"{result['runs_meeting_target']}/{args.runs} met)"
            if args.runs > 1
            else ""
        )
        + memory
    )


if __name__ == "__main__":
    main()
