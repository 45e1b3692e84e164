// Computes on device_a, moves the intermediate to device_b, computes there and
// moves the result back: ((x * [0, 1, 2, 3]) on a) * [4, 5, 6, 7] on b.
// Compiled with --iree-hal-target-device=device_a=local[0]
//               --iree-hal-target-device=device_b=local[1]
// so a session must give the HAL module two devices, in that order.
module @two_devices {
  func.func public @two_device_mul(
    %x: tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@device_a>}
  ) -> (tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@device_a>}) {
    %ca = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
    %on_a = arith.mulf %x, %ca : tensor<4xf32>
    %moved = flow.tensor.transfer %on_a : tensor<4xf32> to #hal.device.promise<@device_b>
    %cb = arith.constant dense<[4.0, 5.0, 6.0, 7.0]> : tensor<4xf32>
    %on_b = arith.mulf %moved, %cb : tensor<4xf32>
    %back = flow.tensor.transfer %on_b : tensor<4xf32> to #hal.device.promise<@device_a>
    return %back : tensor<4xf32>
  }
}
