#!/usr/bin/env python3
"""Runs a command and prints its wall time and peak memory as JSON: {"seconds", "max_rss_kb",
"exit"}. Standard library only, so the bench needs nothing but python3 to compare shells."""
import json
import resource
import subprocess
import sys
import time

started = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
print(json.dumps({"seconds": seconds, "max_rss_kb": peak, "exit": done.returncode}))
