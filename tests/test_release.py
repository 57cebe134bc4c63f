"""The release check, run once for the whole module (scripts/release_check.py).

What a stranger would get from PyPI: the sdist and two wheels built from it,
checked by twine, each installed into a fresh venv with no Node and no C
compiler on PATH, importing the widget and playing the checkout's 40 seeded
games. One build and one venv (the sdist installed with its dependencies, then
each wheel in its place; about 2 minutes of CPU, longer on a busy machine) are
shared by every assertion below.
"""

from __future__ import annotations

import importlib.machinery
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from project_scripts import load_script

import spit_widget
from spit_widget.engine import compiled

ROOT = Path(__file__).resolve().parents[1]
LINUX = sys.platform.startswith("linux")


release = load_script("release_check")

# The shared build and installs come first, in the first test's setup: about two
# minutes alone, and near ten on a loaded machine (599 s in one run), so the module
# gets twice the suite's ten-minute limit.
pytestmark = pytest.mark.timeout(1200)


@pytest.fixture(scope="module")
def check(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return release.release_check(tmp_path_factory.mktemp("release"), parallel=True,
                                 one_venv=True)


def _artifact(check: Any, kind: str) -> Any:
    (found,) = [a for a in check.artifacts if a.kind == kind]
    return found


def test_nothing_stands_in_the_way_of_a_release(check: Any) -> None:
    assert release.problems(check) == []


def test_twine_passes_all_three_and_they_carry_one_version(check: Any) -> None:
    assert check.twine.count("PASSED") == 3
    for artifact in check.artifacts:
        assert artifact.path.name.startswith(f"spit_widget-{spit_widget.__version__}")
        assert artifact.report["version"] == spit_widget.__version__
        assert artifact.version_line.startswith(f"spit-widget {spit_widget.__version__} (")


@pytest.mark.skipif(not LINUX, reason="auditwheel's manylinux tags are Linux's")
def test_the_compiled_wheel_is_manylinux_and_auditwheel_agrees(check: Any) -> None:
    wheel = _artifact(check, "compiled wheel")
    assert ".manylinux_2_" in wheel.path.name and wheel.path.name.endswith("_x86_64.whl")
    shown = " ".join(check.auditwheel.split())
    assert "is consistent with the following platform tag: \"manylinux_2_" in shown


def test_the_compiled_wheel_carries_every_extension_beside_its_source(check: Any) -> None:
    names = set(release.wheel_names(_artifact(check, "compiled wheel").path))
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for module in compiled.MODULES:
        assert f"spit_widget/engine/{module}{suffix}" in names
        assert f"spit_widget/engine/{module}.py" in names
    assert f"spit_widget/engine/{compiled.STAMP}" in names
    assert any("__mypyc" in name and "/" not in name for name in names)  # the shared runtime
    assert "spit_widget/static/widget.js" in names


def test_the_pure_wheel_is_py3_none_any_with_no_extension(check: Any) -> None:
    wheel = _artifact(check, "pure wheel")
    assert wheel.tag == "py3-none-any"
    names = release.wheel_names(wheel.path)
    assert not [n for n in names if n.endswith((".so", ".pyd")) or "mypyc" in n]
    assert "spit_widget/static/widget.js" in names and "spit_widget/py.typed" in names
    metadata = zipfile.ZipFile(wheel.path).read(
        f"spit_widget-{spit_widget.__version__}.dist-info/METADATA").decode()
    assert "Requires-Python: >=3.10" in metadata  # what keeps older Pythons off the py3 tag


def test_each_artifact_runs_the_engine_it_should_and_plays_the_same_games(
        check: Any) -> None:
    engines = {a.kind: a.report["engine"] for a in check.artifacts}
    assert engines == {"sdist": "source", "compiled wheel": "compiled", "pure wheel": "source"}
    for artifact in check.artifacts:
        assert artifact.report["games"] == check.expected_games
        assert artifact.report["widget_js"] > 10_000 and artifact.report["widget_state"] == "duel"
        assert "/venv-" in artifact.report["engine_file"].replace("\\", "/")
    assert {a.kind: a.version_line.split(" (")[1].split()[0] for a in check.artifacts} == engines


def test_the_sdist_installs_without_node_or_a_compiler_as_a_pure_wheel(check: Any) -> None:
    sdist = _artifact(check, "sdist")
    # pip built it on a PATH with no gcc, cc, clang, node or npm (the script refuses
    # to install otherwise): the compile failed quietly into a pure wheel.
    assert sdist.built_wheel == f"spit_widget-{spit_widget.__version__}-py3-none-any.whl"


def test_the_seeded_games_digest_tells_different_games_apart() -> None:
    # A check of the check: fewer games give another digest, so "same" means something.
    assert release.games_digest(range(1)) != release.games_digest(range(1, 2))


def test_the_release_workflow_is_valid_and_publishes_only_what_passed() -> None:
    import subprocess

    import yaml

    workflow = ROOT / ".github" / "workflows" / "release.yml"
    done = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema",
                           "vendor.github-workflows", str(workflow)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    jobs = yaml.safe_load(workflow.read_text())["jobs"]
    publish = jobs["publish"]
    assert set(publish["needs"]) == set(jobs) - {"publish"}
    assert publish["permissions"] == {"id-token": "write"}  # trusted publishing, no token
    assert publish["if"] == "startsWith(github.ref, 'refs/tags/v')"
    archs = {entry["archs"] for entry in jobs["wheels"]["strategy"]["matrix"]["include"]}
    project = (ROOT / "pyproject.toml").read_text()
    for arch in ("x86_64", "aarch64", "arm64", "AMD64"):
        assert arch in archs and f'"{arch}"' in project, arch


def test_every_module_of_the_package_is_in_the_sdist_and_both_wheels(check: Any) -> None:
    # A too-broad ignore pattern (a "site/" for a docs build once caught the
    # spit_widget/site package) drops modules from what pip installs.
    import tarfile

    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "spit_widget").rglob("*.py")
               if "__pycache__" not in p.parts}
    sdist = _artifact(check, "sdist").path
    with tarfile.open(sdist) as tar:
        in_sdist = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    assert modules - in_sdist == set()
    for kind in ("compiled wheel", "pure wheel"):
        assert modules - set(release.wheel_names(_artifact(check, kind).path)) == set(), kind


def test_no_artifact_holds_the_workshop(check: Any) -> None:
    # tools/ (the harness, soaks, latency rigs, puzzle finder, vector parity) stays in
    # the checkout: not under its own name, and none of it back inside the package.
    assert release.rig_in(["tools/soak/run.py", "spit_widget/testing/harness.py",
                           "spit_widget/vec/parity.py"]) != []  # a check of the check
    assert release.rig_in(["spit_widget/commands/bench.py", "spit_widget/vec/env.py"]) == []
    assert (ROOT / "tools" / "harness.py").exists()
    for artifact in check.artifacts:
        names = release.artifact_names(artifact.path)
        assert release.rig_in(names) == [], artifact.kind
        assert not [n for n in names if n.split("/")[0] == "tools"], artifact.kind


def test_every_module_in_the_wheels_is_one_of_the_package(check: Any) -> None:
    # the reverse of the test above it: a wheel ships the package's modules and nothing else
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "spit_widget").rglob("*.py")
               if "__pycache__" not in p.parts}
    for kind in ("compiled wheel", "pure wheel"):
        shipped = {n for n in release.wheel_names(_artifact(check, kind).path)
                   if n.endswith(".py")}
        assert shipped - modules == set(), kind
