"""ireec's command-line tools.

* `python -m ireec run-module` (also installed as `ireec-run-module`): IREE's
  `iree-run-module` (same flags, same output) over ireec's Session;
* `python -m ireec dump-devices`: the HAL drivers, their devices, and what
  each is.

Each tool is a `main(argv) -> exit code` function; nothing here runs on import.
"""
