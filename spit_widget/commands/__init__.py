"""The command line: ``python -m spit_widget play | learn | site | tournament | league |
calibrate | bench | docs``.

Each command is a module of its own, imported only when it runs; :mod:`.wire` is
``bench``'s part that counts the bytes one click puts on the comm.
"""
