"""Port of IREE's HAL CTS command_buffer_fill_buffer_test.h: fills of 1, 2
and 4-byte patterns over zeroed buffers, recorded with the buffer named
(direct) or through binding table slot 0 (indirect).

(IREE's own indirect variant records the buffer directly, the same as the
direct one; here it really goes through a binding table.)"""

from __future__ import annotations

import numpy as np
import pytest

from ireec.hal import BindingSlot, CommandBuffer, CommandBufferMode, CommandCategory

from cts_support import read_back, submit_and_wait, zeroed_device_buffer


def run_fill(device, recording, size, offset, length, pattern):
    buffer = zeroed_device_buffer(device, size)
    indirect = recording == "indirect"
    command_buffer = CommandBuffer(device, CommandBufferMode.ONE_SHOT, CommandCategory.ANY,
                                   binding_capacity=1 if indirect else 0)
    command_buffer.begin()
    command_buffer.fill_buffer(BindingSlot(0) if indirect else buffer, offset, length, pattern)
    command_buffer.end()
    submit_and_wait(device, command_buffer, [buffer] if indirect else None)
    return read_back(device, buffer, length=size)


CASES = {
    # name: (size, offset, length, pattern, expected bytes)
    "pattern1_size1_offset0_length1": (1, 0, 1, np.uint8(0x07), [0x07]),
    "pattern1_size5_offset0_length5": (5, 0, 5, np.uint8(0x07), [0x07] * 5),
    "pattern1_size16_offset0_length1": (16, 0, 1, np.uint8(0x07), [0x07] + [0] * 15),
    "pattern1_size16_offset0_length3": (16, 0, 3, np.uint8(0x07), [0x07] * 3 + [0] * 13),
    "pattern1_size16_offset0_length8": (16, 0, 8, np.uint8(0x07), [0x07] * 8 + [0] * 8),
    "pattern1_size16_offset2_length8": (16, 2, 8, np.uint8(0x07),
                                        [0, 0] + [0x07] * 8 + [0] * 6),
    "pattern2_size2_offset0_length2": (2, 0, 2, np.uint16(0xAB23), [0x23, 0xAB]),
    "pattern2_size16_offset0_length8": (16, 0, 8, np.uint16(0xAB23),
                                        [0x23, 0xAB] * 4 + [0] * 8),
    "pattern2_size16_offset0_length10": (16, 0, 10, np.uint16(0xAB23),
                                         [0x23, 0xAB] * 5 + [0] * 6),
    "pattern2_size16_offset2_length8": (16, 2, 8, np.uint16(0xAB23),
                                        [0, 0] + [0x23, 0xAB] * 4 + [0] * 6),
    "pattern4_size4_offset0_length4": (4, 0, 4, np.uint32(0xAB23CD45),
                                       [0x45, 0xCD, 0x23, 0xAB]),
    "pattern4_size4_offset16_length4": (20, 16, 4, np.uint32(0xAB23CD45),
                                        [0] * 16 + [0x45, 0xCD, 0x23, 0xAB]),
    "pattern4_size16_offset0_length8": (16, 0, 8, np.uint32(0xAB23CD45),
                                        [0x45, 0xCD, 0x23, 0xAB] * 2 + [0] * 8),
    "pattern4_size16_offset8_length8": (16, 8, 8, np.uint32(0xAB23CD45),
                                        [0] * 8 + [0x45, 0xCD, 0x23, 0xAB] * 2),
}


@pytest.mark.parametrize("recording", ["direct", "indirect"])
@pytest.mark.parametrize("case", CASES)
def test_fill_buffer(device, recording, case):
    size, offset, length, pattern, expected = CASES[case]
    assert run_fill(device, recording, size, offset, length, pattern) == expected
