"""``rulebinder new DIR [--title T]``: an author's project, ready for ``rulebinder import``.

It writes ``mkdocs.yml`` (Material, ``plugins: [search, rulebinder]``), ``docs/index.md``
(the front page: a card per book), an empty ``rules_data/``, ``.gitignore``, a README
for the author, ``requirements.txt`` (this Rulebinder, from where it was installed) and
``.github/workflows/deploy.yml`` (GitHub Pages). The templates are the files of
``rulebinder/scaffold/``. A folder that holds anything is refused unless ``force``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from string import Template

__all__ = ["FILES", "NotEmpty", "create", "requirement", "title_from"]

SCAFFOLD = Path(__file__).with_name("scaffold")
#: Each file written: its place in the project, and its template (None: made here).
FILES: dict[str, str | None] = {
    "mkdocs.yml": "mkdocs.yml",
    "docs/index.md": "index.md",
    "rules_data/.gitkeep": None,
    ".gitignore": "gitignore",
    "README.md": "README.md",
    "requirements.txt": None,
    ".github/workflows/deploy.yml": "github-deploy.yml",
}
#: Files written as their template is (the workflow's ``${{ }}`` are GitHub's).
VERBATIM = frozenset({".github/workflows/deploy.yml"})


class NotEmpty(Exception):
    """The target folder holds files and ``force`` was not given."""


@dataclass(frozen=True)
class Installed:
    """How this Rulebinder was installed: its version and, from a URL, where from."""

    version: str
    url: str | None = None
    commit: str | None = None
    vcs: str | None = None


def title_from(folder: Path) -> str:
    """A book's title made from its folder's name.

    >>> title_from(Path("/books/lanterns-of_the-deep"))
    'Lanterns Of The Deep'
    """
    words = re.split(r"[-_\s]+", folder.resolve().name)
    return " ".join(word[:1].upper() + word[1:] for word in words if word) or "Rulebook"


def installed() -> Installed:
    """This Rulebinder's version, and the URL it was installed from (PEP 610)."""
    try:
        dist = metadata.distribution("rulebinder")
    except metadata.PackageNotFoundError:
        from . import __version__

        return Installed(__version__)
    direct = dist.read_text("direct_url.json")
    if not direct:
        return Installed(dist.version)
    info = json.loads(direct)
    vcs = info.get("vcs_info") or {}
    return Installed(dist.version, info.get("url"), vcs.get("commit_id"), vcs.get("vcs"))


def requirement(found: Installed) -> str:
    """The line of ``requirements.txt`` that installs the same Rulebinder elsewhere (CI).

    >>> print(requirement(Installed("0.2.0")))
    rulebinder==0.2.0
    >>> print(requirement(Installed("0.2.0", "https://example.org/rb.git", "abc1", "git")))
    rulebinder @ git+https://example.org/rb.git@abc1
    >>> print(requirement(Installed("0.2.0", "file:///home/me/rulebinder")))
    # Rulebinder was installed from file:///home/me/rulebinder, which the deploy workflow
    # cannot reach: replace the next line with where it can get it, for example
    # rulebinder @ git+https://github.com/<owner>/rulebinder.git@v0.2.0
    rulebinder==0.2.0
    """
    if found.url and found.vcs:
        return f"rulebinder @ {found.vcs}+{found.url}@{found.commit}"
    if found.url and found.url.startswith(("https://", "http://")):
        return f"rulebinder @ {found.url}"
    if found.url:
        return (
            f"# Rulebinder was installed from {found.url}, which the deploy workflow\n"
            "# cannot reach: replace the next line with where it can get it, for example\n"
            f"# rulebinder @ git+https://github.com/<owner>/rulebinder.git@v{found.version}\n"
            f"rulebinder=={found.version}"
        )
    return f"rulebinder=={found.version}"


def unreachable(found: Installed) -> str | None:
    """What ``rulebinder new`` tells the author when the deploy workflow cannot install this
    Rulebinder as ``requirements.txt`` says (installed from a local folder or file).

    >>> unreachable(Installed("0.2.0")) is None
    True
    >>> print(unreachable(Installed("0.2.0", "file:///home/me/rulebinder")))
    requirements.txt: this Rulebinder was installed from file:///home/me/rulebinder, which \
GitHub's deploy workflow cannot reach; before you push, change the file's last line to where \
it can install Rulebinder 0.2.0 from (a package index, or rulebinder @ git+https://...)
    """
    if not found.url or found.vcs or found.url.startswith(("https://", "http://")):
        return None
    return (
        f"requirements.txt: this Rulebinder was installed from {found.url}, which GitHub's "
        "deploy workflow cannot reach; before you push, change the file's last line to where "
        f"it can install Rulebinder {found.version} from (a package index, or "
        "rulebinder @ git+https://...)"
    )


def _yaml_string(text: str) -> str:
    """A YAML scalar holding ``text`` exactly (a JSON string is one).

    >>> _yaml_string('Lanterns: "Deep"')
    '"Lanterns: \\\\"Deep\\\\""'
    """
    return json.dumps(text, ensure_ascii=False)


def contents(title: str, found: Installed | None = None) -> dict[str, str]:
    """Every file of a new project, by path, for a book called ``title``.

    >>> files = contents("Lanterns of the Deep", Installed("0.2.0"))
    >>> sorted(files) == sorted(FILES)
    True
    >>> files["mkdocs.yml"].splitlines()[1]
    'site_name: "Lanterns of the Deep"'
    """
    values = {
        "title": title,
        "site_name": _yaml_string(title),
        "site_description": _yaml_string(
            f"{title}: a cross-linked, searchable rules reference with calculators."
        ),
    }
    out = {}
    for path, template in FILES.items():
        if template is None:
            continue
        text = (SCAFFOLD / template).read_text(encoding="utf-8")
        out[path] = text if path in VERBATIM else Template(text).substitute(values)
    out["rules_data/.gitkeep"] = ""
    out["requirements.txt"] = requirement(found or installed()) + "\n"
    return out


def create(
    folder: Path, title: str | None = None, force: bool = False, say: Callable[[str], None] = print
) -> list[Path]:
    """Write a new project into ``folder`` (made if missing); the files written.

    Raises:
        NotEmpty: ``folder`` holds something and ``force`` is false.
        NotADirectoryError: ``folder`` is a file.
    """
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{folder}: not a folder")
    held = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
    if held and not force:
        shown = ", ".join(held[:5]) + (", ..." if len(held) > 5 else "")
        raise NotEmpty(
            f"{folder} is not empty (it holds {shown}): choose a new or empty folder, or "
            "pass --force to write the project's files into it (files of the same names "
            "are replaced, nothing else is touched)"
        )
    written = []
    for relative, text in contents(title or title_from(folder)).items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
        say(f"wrote {path}")
    warning = unreachable(installed())
    if warning:
        say(warning)
    return written
