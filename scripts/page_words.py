"""Write the page's words in French as the kernel sends them, for the page's tests.

The front end's tests (tests/js/) run without a kernel: they read
``tests/js/words.fr.json``, the ``words`` a French table sends its page
(:func:`spit_widget.locale.page.page_words`), so they check the table against
the real catalogue. ``scripts/catalogues`` writes it again after each update;
tests/widget/test_page_words.py checks that it is up to date.

    python scripts/page_words.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "js" / "words.fr.json"
"""The French words the page's tests mount a table with."""


def fixture_text() -> str:
    """The fixture as it should read: the French ``words``, one message a line."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from spit_widget.locale.page import page_words

    words = page_words("fr")
    return json.dumps(words, ensure_ascii=False, indent=0, sort_keys=True) + "\n"


def main() -> None:
    FIXTURE.write_text(fixture_text(), encoding="utf-8")
    print(f"{FIXTURE.relative_to(ROOT)}: the French page's words written")


if __name__ == "__main__":
    main()
