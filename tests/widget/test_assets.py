"""The front end handed to anywidget: the built bundle and stylesheet as text
(read as UTF-8 whatever the locale: they hold the suits' symbols), and without a
build a page that says what is missing, with no stylesheet rather than a bogus one."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit_widget.widget import assets


def test_the_bundle_is_read_as_utf8_text(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANYWIDGET_HMR", raising=False)
    (tmp_path / "widget.js").write_text('export default { suits: "♠♥♦♣" };\n', encoding="utf-8")
    (tmp_path / "widget.css").write_text(".card::after { content: '♠'; }\n", encoding="utf-8")
    monkeypatch.setattr(assets, "STATIC", tmp_path)
    assert assets.bundle("widget.js", "") == 'export default { suits: "♠♥♦♣" };\n'
    assert assets.bundle("widget.css", "") == ".card::after { content: '♠'; }\n"


def test_without_a_build_there_is_no_stylesheet(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(assets, "STATIC", tmp_path)
    assert assets.bundle("widget.css", "") == ""
    assert assets.bundle("widget.js", assets.MISSING_BUNDLE) is assets.MISSING_BUNDLE
