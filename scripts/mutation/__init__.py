"""A small AST mutator for the project's layers; `scripts/mutate.py` is its command line.

Why our own: each mutant is applied to a fresh parse of the file and compiled with the original
line numbers, loaded by an import hook in the test process (the worktree is never written to), and
keyed by function + mutation + occurrence so a checked-in list of equivalent mutants survives edits.
"""
