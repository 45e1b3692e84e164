// Tensor traces (flow.tensor.trace, hal.buffer_view.trace at run time):
// the input, then the doubled value with the input again. What a Session's
// trace callback receives.
module @traced {
  func.func @double(%x: tensor<3xf32>) -> tensor<3xf32> {
    flow.tensor.trace "input" = [%x : tensor<3xf32>]
    %0 = arith.addf %x, %x : tensor<3xf32>
    flow.tensor.trace "doubled" = [%0 : tensor<3xf32>, %x : tensor<3xf32>]
    return %0 : tensor<3xf32>
  }
}
