// Compiled with --iree-execution-model=async-external: each function takes a
// wait fence and a signal fence after its inputs (iree.abi.model = coarse-fences).
module @async_ops {
  func.func @async_mul(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %0 = arith.mulf %a, %b : tensor<4xf32>
    return %0 : tensor<4xf32>
  }

  func.func @async_add_dyn(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
    %0 = arith.addf %a, %b : tensor<?xf32>
    return %0 : tensor<?xf32>
  }
}
