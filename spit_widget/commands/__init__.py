"""The command line: ``python -m spit_widget play | tournament | bench | latency``.

Each command is a module of its own, imported only when it runs.
"""
