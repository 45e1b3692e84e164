"""The HAL object layouts ireec implements objects with
(csrc/hal/hal_object_layouts.h), checked against IREE's ABI facts.

The header pins every size and field offset with a static assertion, so the
build fails if the C layout drifts from those numbers; this test checks the
numbers themselves against the facts, and that no field IREE has is missed.
"""

from __future__ import annotations

import re

from locations import REPO_ROOT

HEADER = REPO_ROOT / "csrc" / "hal" / "hal_object_layouts.h"
_SIZE = re.compile(r'_Static_assert\(sizeof\((?:struct )?(\w+)\) == (\d+), "(\w+) size"\);')
_FIELD = re.compile(r'_Static_assert\(offsetof\((?:struct )?(\w+), (\w+)\) == (\d+), "(\w+)\.(\w+)"\);')


def _asserts():
    text = HEADER.read_text()
    sizes = {name: int(size) for name, size, label in _SIZE.findall(text)}
    fields: dict[str, dict[str, int]] = {}
    for record, _c_field, offset, label_record, label_field in _FIELD.findall(text):
        assert record == label_record
        fields.setdefault(record, {})[label_field] = int(offset)
    return sizes, fields


def test_every_layout_matches_the_facts(abi_facts):
    sizes, fields = _asserts()
    assert set(sizes) == set(fields) == {
        "iree_hal_buffer_t", "iree_hal_buffer_vtable_t"}
    records = abi_facts["records"]
    for name, size in sizes.items():
        facts = records[name]
        assert facts["size"] == size, f"sizeof({name})"
        expected = {f[0]: f[2] for f in facts["fields"]}
        assert {f: expected.get(f) for f in fields[name]} == fields[name], name
        missing = set(expected) - set(fields[name])
        assert not missing, f"{name}: fields not pinned: {sorted(missing)}"


FORWARDING_DEVICE = REPO_ROOT / "csrc" / "hal" / "forwarding_device.c"


def test_the_forwarding_device_forwards_every_device_entry(abi_facts):
    # The base vtable and each wrapper's overrides are built from one list of
    # the device vtable's entries; one IREE has and the list lacks would be
    # left NULL (the size assertion beside the list catches a count change).
    text = FORWARDING_DEVICE.read_text()
    block = re.search(r"#define IREEC_FORWARDING_DEVICE_ENTRIES\(X\)((?:.*\\\n)*.*\n)", text)
    assert block, "IREEC_FORWARDING_DEVICE_ENTRIES not found"
    listed = re.findall(r"X\((\w+)\)", block.group(1))
    facts = abi_facts["records"]["iree_hal_device_vtable_t"]
    assert listed == [field[0] for field in facts["fields"]]
    assert f"== {len(listed)} * sizeof(void (*)(void))" in text
    assert facts["size"] == 8 * len(listed)
