"""The five rule sets; importing this package registers every adjudicator."""

from . import dolores, imperial_tax_farmer, mega_civilization, praetor, rada_miasta

# Each a package of code beside its data files (games.engine.data), named by its GAME.
PACKAGES = (dolores, imperial_tax_farmer, mega_civilization, praetor, rada_miasta)
