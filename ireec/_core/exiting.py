"""Whether the interpreter is exiting, for the Python functions IREE calls
to let Python objects go (a module's destroy, a ref type's destroy, a debug
sink's release).

Such a call may come while the interpreter finalizes, when the objects
it would drop (and the registries holding them) are being torn down
themselves. Once atexit hooks have run, those functions do nothing: what
they would have let go stays for the rest of the process, which the
operating system then reclaims.
"""

from __future__ import annotations

import atexit

_exiting = False


@atexit.register
def _mark_exiting() -> None:
    global _exiting
    _exiting = True


def exiting() -> bool:
    """True once the interpreter's atexit hooks run."""
    return _exiting
