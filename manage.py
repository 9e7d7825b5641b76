#!/usr/bin/env python
"""Django's command-line utility."""

import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # No DEBUG default here: the entry point does not choose the mode. Production is the default
    # everywhere (docs/deploy.md runs migrate, collectstatic and db_worker through this file);
    # `make run` and the tests ask for DEBUG themselves.
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
