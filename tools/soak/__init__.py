"""The soak: fuzzed page messages (:mod:`.fuzz`), whole games (:mod:`.games`)
and same-pile races (:mod:`.races`) through real widgets, checked after every
step (:mod:`.checks`), counted (:mod:`.tally`) and scheduled (:mod:`.run`).

Kept apart so the hardening tests run a slice of the very code the command runs.
"""
