"""Before a release is published: the tag, the package's version and the changelog agree.

    python scripts/release_versions.py v0.2.0

Exits non-zero with a sentence saying what to fix: a tag that is not
``v`` + ``spit_widget.__version__``, or a CHANGELOG.md without a dated
``## [X.Y.Z] - YYYY-MM-DD`` section for that version (the Unreleased notes
not yet moved under it). The release workflow runs it on every ``v*`` tag.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def package_version(root: Path = ROOT) -> str:
    """The version as the build reads it (the one line of spit_widget/_version.py)."""
    text = (root / "spit_widget" / "_version.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if not match:
        raise SystemExit("spit_widget/_version.py has no __version__ line")
    return match.group(1)


def problems(tag: str, version: str, changelog: str) -> list[str]:
    """What stands between this tag and a release, as sentences."""
    found = []
    if tag != f"v{version}":
        found.append(f"the tag {tag} is not v{version}, the version in spit_widget/_version.py")
    section = re.search(rf"^## \[{re.escape(version)}\] - (\d{{4}}-\d{{2}}-\d{{2}})$\n(.*?)"
                        r"(?=^## |\Z)", changelog, re.MULTILINE | re.DOTALL)
    if not section:
        found.append(f"CHANGELOG.md has no '## [{version}] - YYYY-MM-DD' section: move the "
                     "Unreleased notes under one")
    elif not re.search(r"^- ", section.group(2), re.MULTILINE):
        found.append(f"CHANGELOG.md's section for {version} lists no change")
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    found = problems(argv[0], package_version(), changelog)
    for problem in found:
        print(f"!! {problem}")
    if not found:
        print(f"{argv[0]}: the version and the changelog agree")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
