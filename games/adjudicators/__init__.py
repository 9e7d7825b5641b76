"""The five rule sets; importing this package registers every adjudicator."""

from . import dolores, imperial_tax_farmer, mega_civilization, praetor, rada_miasta  # noqa: F401
