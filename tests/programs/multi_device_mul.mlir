// IREE's own multi-device tool test (tools/test/iree-run-module-multi.mlir):
// computes on device_a, moves the intermediate to device_b, computes there
// and moves the result back; for input 10,11,12,13 IREE prints
// 4xf32=0 55 144 273. The topology says each device may use the other's
// buffers, which iree-compile 3.9 needs to lower the transfers between a
// local device and a GPU (without it: failed to legalize
// 'hal.allocator.resolve_memory_properties'); ireec's devices then stage
// what they cannot reach. Compiled with
//   --iree-hal-target-device=device_a=local|vulkan|cuda
//   --iree-hal-target-device=device_b=vulkan|cuda|local
module @multi attributes {
  stream.topology = #hal.device.topology<links = [
    (@device_a -> @device_b = {transparent_access = true}),
    (@device_b -> @device_a = {transparent_access = true})
  ]>
} {
  func.func public @multi_device_mul(
    %input_a: tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@device_a>}
  ) -> (tensor<4xf32> {iree.abi.affinity = #hal.device.promise<@device_a>}) {
    %constant_a = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
    %transient_a = arith.mulf %input_a, %constant_a : tensor<4xf32>
    %transient_b = flow.tensor.transfer %transient_a : tensor<4xf32> to #hal.device.promise<@device_b>
    %constant_b = arith.constant dense<[4.0, 5.0, 6.0, 7.0]> : tensor<4xf32>
    %result_b = arith.mulf %transient_b, %constant_b : tensor<4xf32>
    %result_a = flow.tensor.transfer %result_b : tensor<4xf32> to #hal.device.promise<@device_a>
    return %result_a : tensor<4xf32>
  }
}
