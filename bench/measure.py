#!/usr/bin/env python3
"""Runs a command and prints its wall time, CPU time (user + system, all its threads) and peak
memory as JSON: {"seconds", "cpu_seconds", "max_rss_kb", "exit"}. Standard library only, so the
bench needs nothing but python3 to compare shells. On a loaded machine wall time follows the
load; CPU time much less so (but it counts worker threads' work, not how much of it overlapped)."""
import json
import resource
import subprocess
import sys
import time

started = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
seconds = time.perf_counter() - started
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(
    json.dumps(
        {
            "seconds": seconds,
            "cpu_seconds": usage.ru_utime + usage.ru_stime,
            "max_rss_kb": usage.ru_maxrss,  # KiB on Linux
            "exit": done.returncode,
        }
    )
)
