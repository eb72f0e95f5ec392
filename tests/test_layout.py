"""The package's shape, held: no import circle anywhere in generator/, each layer imports only
the layers below it, no module over 600 lines, and every package says what it holds.

Every import statement counts, at module level, inside a function or under TYPE_CHECKING: a
circle through a lazy import is still two modules that cannot be understood (or moved) one
without the other. The layers, from the bottom (docs/design.md, "The package map"):

- foundation: generator.errors, generator.resources, generator.core
- render: generator.render (the drawing layer; never a game)
- the games' model packages: generator.games.<game>.<package> other than printing and commands
  (rules, solvers, generators, simulators); never render, printing, commands, the web page,
  click or the drawing libraries
- printing: generator.games.<game>.printing (pages from the model, through render); never
  commands, the printables table, output (the commands write files) or the web page
- the printables table: generator.games.<game>.printables (declares what a game prints)
- commands and the web page on top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
MAX_LINES = 600
GAMES = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "printables.py").exists())
DRAWING_LIBRARIES = ("reportlab", "svgwrite", "pypdfium2", "PIL", "fontTools")
UI_LIBRARIES = ("click", "bottle")


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str) -> tuple[set[str], set[str]]:
    """(the generator modules `module` imports, the top-level names of other packages)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    ours: set[str] = set()
    theirs: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [(a.name, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            names = [(f"{base}.{a.name}", base) for a in node.names]
        else:
            continue
        for full, base in names:
            if full.split(".")[0] != "generator":
                theirs.add(full.split(".")[0])
                continue
            found = full if full in MODULES else _resolve(base)
            if found and found != module:
                ours.add(found)
    return ours, theirs


GRAPH = {m: _imports(m) for m in MODULES}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in graph:
                    continue
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        top = stack.pop()
                        on.discard(top)
                        part.append(top)
                        if top == node:
                            break
                    if len(part) > 1:
                        found.append(sorted(part))
    return found


def layer(module: str) -> str:
    parts = module.split(".")
    if module in ("generator", "generator.errors", "generator.resources") or parts[:2] == [
        "generator",
        "core",
    ]:
        return "foundation"
    if parts[:2] == ["generator", "render"]:
        return "render"
    if parts[:2] == ["generator", "games"] and len(parts) >= 4 and parts[2] in GAMES:
        if parts[3] == "printing":
            return "printing"
        if parts[3] == "printables":
            return "printables"
        if parts[3] == "commands":
            return "commands"
        return "model"
    return "top"  # cli, commands, options, output, kits, web, the registry, schemas ...


# what each layer never imports (besides the circles, which no layer makes)
NEVER = {
    "foundation": {"render", "model", "printing", "printables", "commands", "top"},
    "render": {"model", "printing", "printables", "commands", "top"},
    "model": {"render", "printing", "printables", "commands", "top"},
    "printing": {"printables", "commands", "top"},
    "printables": {"commands", "top"},
}
# the top-level modules a layer may still use: the printing spec, schemas (JSON the tables
# declare), the progress bar's protocol lives in the spec
ALLOWED_TOP = {
    "printing": {"generator.printing"},
    "printables": {"generator.printing", "generator.schemas"},
    "model": set(),
}


def test_no_import_circle_anywhere() -> None:
    circles = _circles({m: ours for m, (ours, _) in GRAPH.items()})
    assert not circles, "import circles: " + "; ".join(" <-> ".join(c) for c in circles)


def test_the_layers_import_only_downwards() -> None:
    wrong = []
    for module, (ours, _) in sorted(GRAPH.items()):
        mine = layer(module)
        for other in sorted(ours):
            theirs = layer(other)
            if theirs in NEVER.get(mine, set()) and other not in ALLOWED_TOP.get(mine, set()):
                wrong.append(f"{module} ({mine}) imports {other} ({theirs})")
    assert not wrong, "\n".join(wrong)


def test_a_game_never_imports_another_game() -> None:
    wrong = []
    for module, (ours, _) in sorted(GRAPH.items()):
        parts = module.split(".")
        if parts[:2] != ["generator", "games"] or len(parts) < 3 or parts[2] not in GAMES:
            continue
        for other in ours:
            o = other.split(".")
            if (
                o[:2] == ["generator", "games"]
                and len(o) > 2
                and o[2] in GAMES
                and o[2] != parts[2]
            ):
                wrong.append(f"{module} imports {other}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", GAMES)
def test_a_games_packages_form_no_circle(game: str) -> None:
    """Inside a game the packages are layered too (graph_racers: drawn, track, moves, solving,
    generating, race, printing): no package imports one that imports it back."""
    prefix = f"generator.games.{game}."
    packages: dict[str, set[str]] = {}
    for module, (ours, _) in GRAPH.items():
        if not module.startswith(prefix):
            continue
        mine = module[len(prefix) :].split(".")[0]
        packages.setdefault(mine, set())
        for other in ours:
            if other.startswith(prefix) and other[len(prefix) :].split(".")[0] != mine:
                packages[mine].add(other[len(prefix) :].split(".")[0])
    assert not _circles(packages)


def test_libraries_stay_in_their_layers() -> None:
    """The model packages import no drawing or interface library (ortools is imported inside
    the functions that solve); printing imports no interface library."""
    wrong = []
    for module, (_, theirs) in sorted(GRAPH.items()):
        mine = layer(module)
        banned = {
            "model": DRAWING_LIBRARIES + UI_LIBRARIES,
            "foundation": DRAWING_LIBRARIES + UI_LIBRARIES,
            "printing": UI_LIBRARIES,
            "printables": UI_LIBRARIES,
            "render": UI_LIBRARIES,
        }.get(mine, ())
        wrong += [f"{module} imports {lib}" for lib in sorted(theirs) if lib in banned]
    assert not wrong, "\n".join(wrong)


def test_no_module_over_600_lines() -> None:
    long = {
        str(p.relative_to(PACKAGE.parent)): n
        for p in PACKAGE.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_every_game_package_says_what_it_holds_and_may_import() -> None:
    """Each package's __init__.py: a docstring, its first line what the package holds, then
    what it may import; and no imports, so importing one package loads no other."""
    wrong = []
    for init in sorted((PACKAGE / "games").rglob("__init__.py")):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        doc = ast.get_docstring(tree) or ""
        where = str(init.relative_to(PACKAGE.parent))
        if init.parent.parent.name != "games" or init.parent.name in GAMES:
            lines = [line for line in doc.splitlines() if line.strip()]
            if len(lines) < 2 or "import" not in doc.lower():
                wrong.append(f"{where}: no two-line docstring saying what it may import")
        if any(isinstance(n, (ast.Import, ast.ImportFrom)) for n in tree.body):
            wrong.append(f"{where}: imports (a package's __init__ loads nothing)")
    assert not wrong, "\n".join(wrong)


def test_no_module_imports_another_modules_private_name() -> None:
    """A name with a leading underscore is its module's own: a second module that needs it
    takes a public name (moves.referee.referee_for, render.text.shortened), so a module can be
    changed inside without reading its importers. A private submodule (the compiled sweep,
    solving/_csweep) is a module, not a name, and may be imported."""
    wrong = []
    for module, path in sorted(MODULES.items()):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith(
                "generator"
            ):
                continue
            for alias in node.names:
                name = alias.name
                folder = PACKAGE.parent.joinpath(*node.module.split("."))
                submodule = any(folder.glob(f"{name}.*"))  # a module: .py, .c or compiled
                if name.startswith("_") and not name.startswith("__") and not submodule:
                    wrong.append(f"{module} imports {node.module}.{name}")
    assert not wrong, "\n".join(wrong)
