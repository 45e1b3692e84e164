"""`python -m ireec dump-devices [DRIVER]`: every HAL driver, the devices it
can create, and what each is.

The layout is iree-run-module's `--dump_devices`: a header per driver, then
per device the `--device=` URI that creates it and its name, then what the
driver says about it (iree_hal_driver_dump_device_info). ireec adds the
driver's full name under its header, the device's memory heaps (what
iree_hal_allocator_query_memory_heaps reports once the device is created),
and, for a driver that cannot create devices here, the one-line reason
instead of silence. `--list_drivers` and `--list_devices` print the short
forms iree-run-module prints.
"""

from __future__ import annotations

import argparse
import sys
from typing import IO, Sequence

from .._core.handle import use
from .._core.library import ffi, lib
from ..errors import IreeError
from ..hal.driver import DeviceInfo, create_driver
from ..runtime.instance import Instance
from .._core.strings import bitfield_text, builder_text
from ._common import FlagParser, iree_bool, one_line, run_tool

_HEADER = "# " + "=" * 76 + "\n"
_SEPARATOR = "# ===" + "-" * 70 + "===\n"


def device_uri(info: DeviceInfo) -> str:
    """The URI iree-run-module prints for a device: `driver://path`."""
    return f"{info.driver}://{info.path}"


def list_drivers(instance: Instance, out: IO[str]) -> None:
    """Writes iree-run-module's `--list_drivers` listing of the drivers of
    `instance` (iree_hal_driver_registry_enumerate) to `out`.
    """
    out.write(_HEADER + "# Available HAL drivers\n" + _HEADER)
    out.write("# Use --list_devices={driver name} to enumerate available devices.\n\n")
    for driver in instance.query_drivers():
        out.write(f"{driver.name:>16}: {driver.full_name}\n")


def _devices_or_reason(instance: Instance, driver: str,
                       fail: bool) -> tuple[list[DeviceInfo], str | None]:
    try:
        return instance.query_devices(driver), None
    except IreeError as e:
        if fail:
            raise
        return [], one_line(e.message)


def list_devices(instance: Instance, driver: str | None, out: IO[str]) -> None:
    """One `driver://path` line per device; with `driver`, a driver that cannot
    be created is an error, as in iree-run-module."""
    drivers = [driver] if driver else [d.name for d in instance.query_drivers()]
    for name in drivers:
        devices, _ = _devices_or_reason(instance, name, fail=bool(driver))
        for info in devices:
            out.write(device_uri(info) + "\n")


def _driver_dump(instance: Instance, info: DeviceInfo) -> str:
    """What the driver says about one device (iree_hal_driver_dump_device_info)."""
    with use(instance) as (instance_ptr,):
        driver = create_driver(lib.iree_runtime_instance_driver_registry(instance_ptr),
                               info.driver, lib.iree_runtime_instance_host_allocator(instance_ptr))
    try:
        with use(driver) as (driver_ptr,):
            return builder_text(lambda builder: lib.iree_hal_driver_dump_device_info(
                driver_ptr, info.device_id, builder))
    finally:
        driver.close()


def _size_text(size: int) -> str:
    # IREE_DEVICE_SIZE_MAX: the heap sets no limit of its own.
    return "unlimited" if size == ffi.cast("iree_device_size_t", -1) else f"{size} B"


def _memory_heaps(instance: Instance, uri: str) -> str:
    """The device's memory heaps, one per line, or why they are unknown."""
    try:
        device = instance.create_device(uri)
    except IreeError as e:
        return f"# not created: {one_line(e.message)}\n"
    with device:
        lines = [f"memory heaps of {device.id}:\n"]
        for i, heap in enumerate(device.allocator.query_memory_heaps()):
            lines.append(
                f"  [{i}] type {bitfield_text(lib.iree_hal_memory_type_format, heap.type)}\n"
                f"      usage {bitfield_text(lib.iree_hal_buffer_usage_format, heap.allowed_usage)}\n"
                f"      max allocation {_size_text(heap.max_allocation_size)}, "
                f"min alignment {heap.min_alignment} B\n")
        return "".join(lines)


def dump_devices(instance: Instance, driver: str | None, out: IO[str]) -> None:
    """iree-run-module's --dump_devices layout, with what ireec adds (see the
    module docstring). With `driver`, a driver that cannot be created is an
    error; `driver` may carry device URI parameters (`local-task://?memory=discrete`),
    which each device it lists is created with."""
    params = ""
    if driver and ":" in driver:
        driver, _, rest = driver.partition(":")
        params = rest.partition("?")[2]
    drivers = instance.query_drivers()
    if driver:
        known = {d.name: d for d in drivers}
        drivers = [known[driver]] if driver in known else []
        if not drivers:
            # Let the registry say it, with the drivers that exist.
            instance.query_devices(driver)
    for i, info in enumerate(drivers):
        if i:
            out.write("\n")
        out.write(_HEADER + f"# Enumerated devices for driver '{info.name}'\n"
                  f"#   {info.full_name}\n" + _HEADER + "\n")
        devices, reason = _devices_or_reason(instance, info.name, fail=bool(driver))
        if reason is not None:
            out.write(f"# unavailable: {reason}\n")
        for device in devices:
            uri = device_uri(device) + (f"?{params}" if params else "")
            out.write(_SEPARATOR + f"# --device={uri}\n"
                      f"#   {device.name}\n" + _SEPARATOR)
            out.write(_driver_dump(instance, device))
            out.write(_memory_heaps(instance, uri))


def add_listing_flags(parser: argparse.ArgumentParser) -> None:
    """--list_drivers, --list_devices and --dump_devices, as IREE's
    run-module and benchmark-module take them."""
    add = parser.add_argument
    add("--list_drivers", nargs="?", const=True, default=False, type=iree_bool,
        metavar="true|false", help="list the HAL drivers and exit")
    add("--list_devices", nargs="?", const="", default=None, metavar="DRIVER",
        help="list the devices of every driver (or of DRIVER) and exit")
    add("--dump_devices", nargs="?", const="", default=None, metavar="DRIVER",
        help="describe the devices of every driver (or of DRIVER) and exit")


def print_listing(args: argparse.Namespace, out: IO[str]) -> bool:
    """Prints what --list_drivers, --list_devices or --dump_devices asks
    for, if one was given (IREE's tools then exit with status 0, running
    nothing); whether one was."""
    if args.list_drivers:
        list_drivers(Instance(), out)
    elif args.list_devices is not None:
        list_devices(Instance(), args.list_devices, out)
    elif args.dump_devices is not None:
        dump_devices(Instance(), args.dump_devices, out)
    else:
        return False
    return True


def main(argv: Sequence[str] | None = None, prog: str = "python -m ireec dump-devices") -> int:
    """`python -m ireec dump-devices [DRIVER]`: the drivers, the devices each
    can create and what each device is; returns the exit status.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = FlagParser(prog=prog, description=(
        "The HAL drivers this runtime provides, the devices each can create (with "
        "the --device= URI that creates it) and what each device is."))
    parser.add_argument("driver", nargs="?", help="only this driver (an error if it "
                        "cannot be created); device URI parameters may follow, "
                        "e.g. 'local-task://?memory=discrete'")
    parser.add_argument("--verbose", action="store_true",
                        help="on failure, print the full traceback")
    args = parser.parse_args(argv)

    def body() -> int:
        dump_devices(Instance(), args.driver, sys.stdout)
        return 0

    return run_tool(prog, body, args.verbose)
