"""gunicorn settings for production serving (`make serve-prod`) and the benchmarks.

Threads, not one process per request: a sync worker is held by a client for as long as it
takes to send its headers and body, so five slow uploads (or six connections trickling their
headers) held every worker and the health checks waited ~50 s. gthread workers hand a
connection to a thread only once it has data (one that sends nothing for 5 s goes back to the
poller), and WEB_CONCURRENCY x GUNICORN_THREADS (5 x 16 on two cores) slow clients fit before a
request queues; `bench/slow_clients.py` measures it. Beyond that, the proxy in front
(docs/deploy.md) buffers requests. Bodies are bounded by the app before they are read
(config/uploads.py), headers by the limits below.
"""

import multiprocessing
import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
threads = int(os.environ.get("GUNICORN_THREADS", "16"))
# A worker whose main loop stops answering for this long is restarted. A request never gets
# that far: the app stops it at REQUEST_DEADLINE (20 s) with a 503, JSON under /api/
# (config/deadline.py), where a timed-out worker answered an HTML 500 or nothing.
timeout = 30
graceful_timeout = 20
keepalive = 5
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
max_requests = 5000
max_requests_jitter = 500
accesslog = os.environ.get("GUNICORN_ACCESSLOG")  # off unless asked for
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "warning").lower()
