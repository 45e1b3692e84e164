// One value through two devices and back, in the shape of IREE's own
// multi-device tool test: work on device_a, flow.tensor.transfer to device_b,
// work there, transfer back; the result is on device_a.
//   ((x + [0.5, 1.5, 2.5, 3.5]) on a) * [2, 3, 4, 5] on b
// Compiled with --iree-hal-target-device=device_a=local[0]
//               --iree-hal-target-device=device_b=local[1]
func.func public @hop(
  %x: tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@device_a>}
) -> (tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@device_a>}) {
  %add_a = arith.constant dense<[0.5, 1.5, 2.5, 3.5]> : tensor<4xf32>
  %on_a = arith.addf %x, %add_a : tensor<4xf32>
  %to_b = flow.tensor.transfer %on_a : tensor<4xf32> to #hal.device.promise<@device_b>
  %mul_b = arith.constant dense<[2.0, 3.0, 4.0, 5.0]> : tensor<4xf32>
  %on_b = arith.mulf %to_b, %mul_b : tensor<4xf32>
  %back = flow.tensor.transfer %on_b : tensor<4xf32> to #hal.device.promise<@device_a>
  return %back : tensor<4xf32>
}
