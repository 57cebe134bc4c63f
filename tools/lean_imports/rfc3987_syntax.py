"""Stands in for the rfc3987-syntax package in the test run: ``scripts/test`` puts this
folder first on PYTHONPATH, so every process the run starts finds this module instead.

jsonschema imports rfc3987-syntax, when it is installed, to check the "iri" string
format, and that package builds 38 parsers as it is imported: 0.9 CPU-seconds in every
process that imports jsonschema, which is every pytest process (through nbformat) and
every Jupyter server (through jupyter_events), over twenty in a run. No test here checks
an IRI, and jsonschema leaves the format unchecked when this import fails, as it does
on a machine without the package.
"""

raise ImportError("rfc3987-syntax is left out of the test run (tools/lean_imports)")
