"""The command line: ``python -m spit_widget play | learn | site | tournament | league |
calibrate | bench | docs``.

Each command is a module of its own, imported only when it runs.
"""
