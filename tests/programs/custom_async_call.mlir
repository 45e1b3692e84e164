// The program side of tests/c_programs/hal_custom_module.cc's asynchronous
// import, in the shape of IREE's custom_module/async sample: the import takes
// a fence to wait on before reading its input and one to signal when its
// result is ready, and returns at once. Compiled with
// --iree-execution-model=async-external, so @main takes such a pair too.
module @async_call {
  func.func private @custom.call.async(tensor<?xi32>) -> tensor<?xi32> attributes {
    iree.abi.model = "coarse-fences",
    nosideeffects
  }

  // (x * x * 2) squared, the doubling done by the import.
  func.func @main(%arg0: tensor<?xi32>) -> tensor<?xi32> {
    %0 = arith.muli %arg0, %arg0 : tensor<?xi32>
    %1 = call @custom.call.async(%0) : (tensor<?xi32>) -> tensor<?xi32>
    %2 = arith.muli %1, %1 : tensor<?xi32>
    return %2 : tensor<?xi32>
  }
}
