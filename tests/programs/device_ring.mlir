// One value around three devices: device_a, device_b, device_c, back to
// device_a, with work on each.
//   (((x * 2) on a) + [1, 2, 3, 4]) on b, then * [3, 1, 3, 1] on c
// Compiled with --iree-hal-target-device=device_a=local[0]
//               --iree-hal-target-device=device_b=local[1]
//               --iree-hal-target-device=device_c=local[2]
func.func public @ring(
  %x: tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@device_a>}
) -> (tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@device_a>}) {
  %two = arith.constant dense<2.0> : tensor<4xf32>
  %on_a = arith.mulf %x, %two : tensor<4xf32>
  %to_b = flow.tensor.transfer %on_a : tensor<4xf32> to #hal.device.promise<@device_b>
  %add_b = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %on_b = arith.addf %to_b, %add_b : tensor<4xf32>
  %to_c = flow.tensor.transfer %on_b : tensor<4xf32> to #hal.device.promise<@device_c>
  %mul_c = arith.constant dense<[3.0, 1.0, 3.0, 1.0]> : tensor<4xf32>
  %on_c = arith.mulf %to_c, %mul_c : tensor<4xf32>
  %back = flow.tensor.transfer %on_c : tensor<4xf32> to #hal.device.promise<@device_a>
  return %back : tensor<4xf32>
}
