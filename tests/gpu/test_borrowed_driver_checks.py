"""What ireec checks before it lends itself IREE's drivers from IREE's
official runtime (ireec/hal/_borrowed_drivers.py), and the typed errors a
user gets when something is missing: each case in a child process, with
the real installed wheel in reach and the condition made by what Python
finds on its path."""

from __future__ import annotations

import sys
import sysconfig

import pytest

import ireec
from ireec import ffi, lib
from ireec.hal import _borrowed_drivers

from child_process import run_python

EXTENSION_FILE = "_runtime" + sysconfig.get_config_var("EXT_SUFFIX")


def _create_vulkan_in_child(prelude: str = "", **options):
    return run_python("-c", f"""
import sys
import ireec
{prelude}
try:
    ireec.Instance().create_device("vulkan")
except ireec.Error as error:
    print(type(error).__name__)
    print(error)
""", **options)


def _fake_distribution(root, version: str, files: dict[str, bytes]):
    """A dist-info of iree-base-runtime `version` under `root`, its RECORD
    naming `files` (written too)."""
    info = root / f"iree_base_runtime-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: iree-base-runtime\nVersion: {version}\n")
    (info / "RECORD").write_text("".join(f"{name},,\n" for name in files))
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)


def test_without_the_wheel_the_error_says_what_to_install():
    # ireec and what it needs are imported first; then Python no longer
    # finds any installed distribution, as in an environment without it.
    result = _create_vulkan_in_child(
        "sys.path[:] = [p for p in sys.path if 'packages' not in p]").check()
    name, message = result.stdout.splitlines()
    assert name == "UnavailableError"
    assert "IREE's official runtime, which is not installed" in message
    assert "pip install 'iree-base-runtime==3.9.0'" in message
    assert "gpu extra" in message


def test_another_version_is_refused(tmp_path):
    _fake_distribution(tmp_path, "3.8.0", {})
    result = _create_vulkan_in_child(f"sys.path.insert(0, {str(tmp_path)!r})").check()
    name, message = result.stdout.splitlines()
    assert name == "UnavailableError"
    assert "iree-base-runtime 3.8.0 is installed" in message
    assert "only from iree-base-runtime==3.9.0" in message


def test_an_extension_file_of_another_build_is_refused(tmp_path):
    _fake_distribution(tmp_path, "3.9.0", {f"iree/_runtime_libs/{EXTENSION_FILE}": b"\x7fELF"})
    result = _create_vulkan_in_child(f"sys.path.insert(0, {str(tmp_path)!r})").check()
    name, message = result.stdout.splitlines()
    assert name == "UnavailableError"
    assert f"is not the extension of iree-base-runtime==3.9.0 for {sys.implementation.cache_tag}" in message
    assert "--force-reinstall" in message


def test_a_driver_whose_code_is_elsewhere_is_refused(instance):
    # The C check every lent driver passes: its vtable and functions lie in
    # the official extension's loaded file. ireec's own local-task driver
    # does not.
    extension = _borrowed_drivers.extension()
    path = extension.__file__.encode()
    lent = _borrowed_drivers.borrow("vulkan")
    try:
        ireec.check_status(lib.ireec_hal_driver_check_image(
            lent, lib.iree_make_string_view(path, len(path))))  # OK: raises nothing
    finally:
        lib.iree_hal_driver_release(lent)
    own = ireec.hal.driver.create_driver(instance.driver_registry, "local-task",
                                         instance.host_allocator)
    try:
        with pytest.raises(ireec.FailedPreconditionError, match="vtable .* is not in"):
            ireec.check_status(lib.ireec_hal_driver_check_image(
                own.handle, lib.iree_make_string_view(path, len(path))))
    finally:
        own.close()
    with pytest.raises(ireec.InvalidArgumentError, match="not a driver pointer"):
        ireec.check_status(lib.ireec_hal_driver_check_image(
            ffi.NULL, lib.iree_make_string_view(path, len(path))))


def test_an_object_not_laid_out_as_a_hal_driver_is_refused():
    extension = _borrowed_drivers.extension()
    with pytest.raises(ireec.InternalError, match="not a HalDriver"):
        _borrowed_drivers._driver_pointer(extension, object())


def test_without_a_vulkan_device_the_error_says_what_to_install(tmp_path):
    # A Vulkan loader that finds no driver (no ICD file where it looks).
    result = _create_vulkan_in_child(
        extra_env={"VK_ICD_FILENAMES": str(tmp_path / "none.json"),
                   "VK_DRIVER_FILES": str(tmp_path / "none.json")}).check()
    name, message = result.stdout.splitlines()
    # IREE's own code for it: vkCreateInstance finds no compatible driver.
    assert name == "FailedPreconditionError"
    assert "VK_ERROR_INCOMPATIBLE_DRIVER" in message
    assert "mesa-vulkan-drivers" in message


def test_a_driver_is_not_lent_for_another_name():
    with pytest.raises(ireec.NotFoundError, match="only cuda, vulkan"):
        _borrowed_drivers.borrow("metal")


def test_driver_flags_are_iree_s_own():
    # Parsed by the lending runtime's own flag parser: known flags taken,
    # unknown ones refused with IREE's INVALID_ARGUMENT.
    ireec.hal.parse_driver_flags("--vulkan_robust_buffer_access=false")
    with pytest.raises(ireec.InvalidArgumentError, match="flag 'vulkan_nonsense' not recognized"):
        ireec.hal.parse_driver_flags("--vulkan_nonsense=1")
    with pytest.raises(TypeError, match="flags are str"):
        ireec.hal.parse_driver_flags(1)
