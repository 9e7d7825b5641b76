"""Project plumbing, the lowest layer: settings, URLs, WSGI, the API's conventions (``api``:
the error shape and the exception handler; ``errors``: the error pages and 503s; ``parsers``;
``uploads``), middleware, the request deadline, clients, accounts, navigation, and what every
app shares: language codes and names (``languages``), a bounded LRU (``lru``), conditional
GETs with a page cache and gzip (``http``), the pages' htmx-config (``htmx``), and the ``Question`` a lower package asks and a
higher one answers (``answers``).

May import Django and the libraries only; never an app of the project. Two modules are the
composition root and the exception: ``urls`` mounts every app's views and API, and
``navigation`` asks ``rules.permissions`` which workspaces to link (tests/test_layers.py)."""
