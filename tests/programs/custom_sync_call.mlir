// The program side of tests/c_programs/hal_custom_module.cc's synchronous
// import, in the shape of IREE's custom_module/sync sample: compiled work
// around a blocking call into a native C++ module that takes and returns a
// tensor (the runtime waits for its input and uses its result at once).
module @sync_call {
  func.func private @custom.call.sync(tensor<?xi32>) -> tensor<?xi32>

  // (x * x * 2) squared, the doubling done by the import.
  func.func @main(%arg0: tensor<?xi32>) -> tensor<?xi32> {
    %0 = arith.muli %arg0, %arg0 : tensor<?xi32>
    %1 = call @custom.call.sync(%0) : (tensor<?xi32>) -> tensor<?xi32>
    %2 = arith.muli %1, %1 : tensor<?xi32>
    return %2 : tensor<?xi32>
  }
}
