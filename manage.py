#!/usr/bin/env python
"""Django's command-line utility."""

import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # The command line is for development (runserver, loadcorpus, drf_create_token...):
    # DEBUG on unless set. Servers (gunicorn, config.wsgi) default to production mode.
    os.environ.setdefault("DEBUG", "1")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
