"""Project plumbing: settings, URLs, WSGI, the API's error shape and parsers, middleware,
accounts, navigation. May import Django and the libraries only; urls.py mounts every app's views
and API and navigation.py asks ``rules.permissions`` which workspaces to link, nothing else."""
