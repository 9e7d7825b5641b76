"""One settings module, driven by the environment.

DATABASE_URL (default: SQLite file next to manage.py), SECRET_KEY, DEBUG,
ALLOWED_HOSTS (comma separated), CSRF_TRUSTED_ORIGINS, SECURE_* via DEBUG off.
"""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.utils.translation import gettext_noop

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


# Off unless asked for, whatever the entry point (manage.py, gunicorn): only `make run`
# (DEBUG=1) and the tests (config.test_settings) turn it on.
DEBUG = env_bool("DEBUG", False)
_DEV_KEY = "dev-only-insecure-key-change-me-in-production-0123456789abcdefghijklmnop"
SECRET_KEY = os.environ.get("SECRET_KEY", _DEV_KEY if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DEBUG is off")
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "axes",
    "drf_spectacular",
    "django_htmx",
    "csp",
    "template_partials",
    "rules",
    "games",
    "studio",
    "django_tasks",
    # Before django_tasks_db: its db_worker command (a heartbeat, dead workers' tasks marked
    # failed) replaces the library's.
    "workers",
    "django_tasks_db",
    "lab",
    "translators",
]

MIDDLEWARE = [
    # Outermost: a request past REQUEST_DEADLINE is a 503 (config/deadline.py).
    "config.deadline.RequestDeadlineMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before CSRF, which reads a form body: no body is read that the view does not take.
    "config.middleware.BodyGateMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "config.middleware.RefuseNulMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it locks out a client after repeated failed logins.
    "axes.middleware.AxesMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]
# The HtmxMiddleware must stay before AxesMiddleware's lock-out answer; keep axes last.
MIDDLEWARE.append(MIDDLEWARE.pop(MIDDLEWARE.index("axes.middleware.AxesMiddleware")))

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses a locked-out client before checking
    "django.contrib.auth.backends.ModelBackend",
]
# Lock-out: AXES_FAILURE_LIMIT failed logins for one user name from one client address lock
# that pair out for AXES_COOLOFF_HOURS; the login page says so (403).
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = float(os.environ.get("AXES_COOLOFF_HOURS", "1"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# The client address as the ruling throttle sees it, NUM_PROXIES honoured (config/clients.py):
# behind the proxy, the client, not the proxy (django-ipware is not installed, and not needed).
AXES_CLIENT_IP_CALLABLE = "config.clients.client_address"

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "config.navigation.nav",
            ],
        },
    }
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=0,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent writers (several gunicorn workers storing rulings) must queue, not fail
    # with "database is locked": write-ahead log, IMMEDIATE transactions, a busy timeout.
    # Each worker keeps its connection (opening one, with its PRAGMAs, on every request
    # costs more than most of our queries); CONN_HEALTH_CHECKS replaces a broken one.
    DATABASES["default"]["CONN_MAX_AGE"] = None
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # Tests use a file too, not a shared in-memory database: only a file locks as production
    # does (writers wait on the busy timeout instead of failing with "table is locked"),
    # which the concurrency tests rely on.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test-db.sqlite3")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # psycopg 3's own pool instead of Django's persistent connections.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": int(os.environ.get("DB_POOL_MIN", "1")),
        # As many as a worker has threads (GUNICORN_THREADS, 16): a thread never waits for a
        # connection another thread holds, so the timeout below means "unreachable", not "busy".
        "max_size": int(os.environ.get("DB_POOL_MAX", "16")),
        # A request waits at most this long for a connection, then gets a 503 with Retry-After
        # (config/errors.py): a database that cannot be reached fails fast, not after 10 s.
        "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "1.5")),
    }
    # Each (re)connection attempt the pool makes in the background (libpq's minimum is 2 s).
    DATABASES["default"]["OPTIONS"].setdefault("connect_timeout", 2)

# Where a sign-in lands: the workspace the user's roles give (config.navigation), and a
# sign-out returns to the list of games.
LOGIN_REDIRECT_URL = "workspace"
LOGOUT_REDIRECT_URL = "rules:games"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Files in memory, only on the upload endpoints and up to their limit (config/uploads.py):
# never a temporary file on disk.
FILE_UPLOAD_HANDLERS = ["config.uploads.BoundedMemoryUploadHandler"]

LANGUAGE_CODE = "en"
# The interface languages: those with a message catalogue in locale/ (the switch in the
# page header offers exactly these). Rule texts have their own languages, independent of it.
# The names are marked for makemessages (the catalogue's "Angielski" is what the language
# pickers show, through get_language_info) and left untranslated here, as Django requires.
LANGUAGES = [
    ("en", gettext_noop("English")),
    ("pl", gettext_noop("Polski")),
]
# Off only for processes that serve no one: `make run` starts the playtest worker with USE_I18N=0
# (its games discard the rulings' sentences, and the catalogue lookups are a third of a vote).
USE_I18N = os.environ.get("USE_I18N", "1") != "0"
USE_TZ = True
TIME_ZONE = "UTC"
LOCALE_PATHS = [BASE_DIR / "locale"]

STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))  # collectstatic writes here
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["config.parsers.BoundedJSONParser"],
    "EXCEPTION_HANDLER": "config.api.exception_handler",
    # How many proxies in front of the app append to X-Forwarded-For: the client is the
    # address that many hops back. 0 (default): X-Forwarded-For is ignored, so a client cannot
    # claim another address to escape its throttle.
    "NUM_PROXIES": int(os.environ.get("NUM_PROXIES", "0")),
}

# Two caches. "default" is per process and bounded (the reader's rendered clauses, keyed on
# the catalogue stamp). "shared" holds what must count across workers and machines: Redis
# when REDIS_URL is set, else the database (its table is made by a migration; `manage.py
# createcachetable` after switching from Redis), never per process. The ruling throttle
# counts in its Redis, else in a table of its own (games/throttle.py).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "OPTIONS": {"MAX_ENTRIES": 300}},
    "shared": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            # A Redis that cannot be reached answers within half a second, and the throttle
            # counts in the database meanwhile (games/throttle.py).
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
        if os.environ.get("REDIS_URL")
        else {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "shared_cache"}
    ),
}
# Background tasks (django-tasks): the playtest lab's shards. The database backend queues them
# in a table that `manage.py db_worker` works through (`make run` starts one; start more on
# any machine sharing the database); TASKS_BACKEND=immediate runs each task in the request.
TASKS = {
    "default": {
        "BACKEND": (
            "django_tasks.backends.immediate.ImmediateBackend"
            if os.environ.get("TASKS_BACKEND", "database") == "immediate"
            else "django_tasks_db.DatabaseBackend"
        )
    }
}

# A request still running after this many seconds is stopped and answered 503 with Retry-After,
# well before gunicorn's worker timeout (30 s; config/deadline.py); 0 turns it off.
REQUEST_DEADLINE = float(os.environ.get("REQUEST_DEADLINE", "20"))

# A task worker (db_worker) that has sent no heartbeat for this many seconds is dead: the tasks
# it left RUNNING are marked failed (by the next worker to start, or `manage.py recover_tasks`).
TASK_WORKER_STALE_AFTER = int(os.environ.get("TASK_WORKER_STALE_AFTER", "60"))

# A playtest shard whose worker has sent no heartbeat for this many seconds is played again.
LAB_STALE_AFTER = int(os.environ.get("LAB_STALE_AFTER", "60"))
# A designer's playtest runs queued or running at once (a comparison counts two): one user
# cannot queue thousands of shards ahead of everyone else's.
LAB_RUNS_PER_USER = int(os.environ.get("LAB_RUNS_PER_USER", "3"))

# Ruling throttle per client address, API and referee form (games.throttle.RulingThrottle, whose
# window semantics are in games/throttle.py); "none" disables it.
RULING_RATE = os.environ.get("RULING_RATE", "120/min")
if RULING_RATE.lower() == "none":
    RULING_RATE = None

SPECTACULAR_SETTINGS = {
    "TITLE": "Rules catalogue and adjudication API",
    "DESCRIPTION": "Versioned, multilingual board-game rule clauses and executable adjudicators.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # 3.1: the input declarations are JSON Schema (nullable fields use "type": "null").
    "OAS_VERSION": "3.1.0",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.schema.add_adjudication_request",
    ],
}

# Content-Security-Policy: everything is served from this origin, nothing inline.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        # The referee's service worker (/sw.js) and web app manifest.
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# HTTPS hardening, when the site is served over HTTPS (HTTPS=1: directly, or behind a proxy
# that sets X-Forwarded-Proto). Without it a production run over plain HTTP (a local
# `make serve-prod`) works: no redirect to https, cookies that the browser sends back.
HTTPS = env_bool("HTTPS", False)
if HTTPS and not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING").strip().upper()},
}
