"""The packages form layers: each imports only the ones below it, as its ``__init__``
docstring says. Read from the source (``ast``: every import, deferred ones too), so a new
import across a layer fails here before it becomes a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Package → the packages (or single modules, dotted) it may import. config is the lowest
# layer, rules (the catalogue) above it, games (the adjudication that reads the catalogue)
# above that; bench measures everything and nothing imports it.
ALLOWED: dict[str, set[str]] = {
    "config": set(),
    "rules": {"config"},
    "games": {"config", "rules"},
    "translators": {"config", "rules"},
    "lab": {"config", "rules", "games", "workers"},  # workers: the task workers it answers (work_replay)
    "studio": {"config", "rules", "games", "translators.align", "lab.simulate"},
    "workers": {"config"},
    "bench": {"config", "rules", "games", "studio", "translators", "lab", "workers"},
}
# The composition root: the URLs mount every app; the navigation asks the one role model.
ROOT_MODULES: dict[str, set[str]] = {
    "config.urls": {"rules", "games", "studio", "translators", "lab", "workers"},
    "config.navigation": {"rules.permissions"},
}
PACKAGES = set(ALLOWED)


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) of every import in the file that names a project package.
    ``from x import y`` counts as ``x.y`` too, so ``from translators import align`` is
    ``translators.align``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found += [(node.lineno, name) for name in names if name.split(".")[0] in PACKAGES]
    return found


def _allowed(module: str, imported: str) -> bool:
    own = module.split(".")[0]
    if imported.split(".")[0] == own:
        return True
    allowed = ROOT_MODULES.get(module, set()) | ALLOWED[own]
    return any(imported == a or imported.startswith(a + ".") for a in allowed)


def _violations(package: str, root: Path = ROOT) -> list[str]:
    out = []
    for path in sorted((root / package).rglob("*.py")):
        module = _module_name(path, root)
        out += [
            f"{path.relative_to(root)}:{line} imports {name}"
            for line, name in _imports(path)
            if not _allowed(module, name)
        ]
    return out


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_each_package_imports_only_the_layers_below_it(package):
    assert _violations(package) == []


def test_the_catalogue_imports_nothing_from_the_adjudication():
    imported = [
        f"{path.relative_to(ROOT)}:{line} {name}"
        for path in sorted((ROOT / "rules").rglob("*.py"))
        for line, name in _imports(path)
        if name.split(".")[0] == "games"
    ]
    assert imported == []


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_each_package_says_what_it_may_import(package):
    """The docstring of the package names every package it may import (the graph above)."""
    doc = ast.get_docstring(ast.parse((ROOT / package / "__init__.py").read_text(encoding="utf-8")))
    assert doc and "May import" in doc
    for allowed in ALLOWED[package]:
        assert f"``{allowed}``" in doc, f"{package}/__init__.py does not name {allowed}"


def test_a_forbidden_import_is_seen_even_deferred(tmp_path):
    """The check reads deferred imports and the ``from x import y`` form too."""
    source = tmp_path / "rules" / "sneaky.py"
    source.parent.mkdir()
    source.write_text(
        "from config import lru\n\n\ndef f():\n    from games import selectors\n    import lab.simulate\n"
    )
    assert _violations("rules", tmp_path) == [
        "rules/sneaky.py:5 imports games.selectors",
        "rules/sneaky.py:6 imports lab.simulate",
    ]
