"""The project's test rig, shipped as a named subpackage (as ``pettingzoo.test``).

:mod:`.harness` starts a hermetic JupyterLab and drives Debian's Chromium;
:mod:`.apps` does the same for Voila and marimo; :mod:`.wire` counts the bytes
a click costs on the comm; :mod:`.soak` is the reliability soak. The browser
tests, the hardening tests and a few commands import them from here; nothing
else in the package depends on this folder, so the widget never carries it.
"""
