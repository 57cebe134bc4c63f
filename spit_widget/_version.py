"""The package's version, written here and nowhere else.

A leaf module (it imports nothing), so the stats file can record which
version wrote it without pulling in the engine or the widgets. The build
reads it too (``[tool.hatch.version]`` in ``pyproject.toml``), so a checkout
run from its folder and an installed wheel report the same number.
"""

__version__ = "0.2.0"
