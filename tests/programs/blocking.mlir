// Work that keeps a call inside IREE for a while: functions that wait, in
// the HAL module (hal.fence.await), for a fence the caller passes, and a
// matmul whose cost grows with its operands. Compiled for the synchronous
// model, all of them block inside iree_runtime_session_call.
module @blocking {
  func.func @await_then_double(%fence: !hal.fence, %a: tensor<4xf32>) -> tensor<4xf32> {
    %timeout = arith.constant -1 : i32
    %status = hal.fence.await until([%fence]) timeout_millis(%timeout) flags("None") : i32
    util.status.check_ok %status, "the fence passed to await_then_double failed"
    %0 = arith.addf %a, %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }

  func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = tensor.dim %a, %c0 : tensor<?x?xf32>
    %n = tensor.dim %b, %c1 : tensor<?x?xf32>
    %zero = arith.constant 0.0 : f32
    %empty = tensor.empty(%m, %n) : tensor<?x?xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x?xf32>) -> tensor<?x?xf32>
    %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
                       outs(%acc : tensor<?x?xf32>) -> tensor<?x?xf32>
    return %r : tensor<?x?xf32>
  }

  // Signals one fence, waits for another, then multiplies: two calls made
  // with each other's fences can only both return if both run at once.
  func.func @handoff(%signal: !hal.fence, %wait: !hal.fence,
                     %a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
    hal.fence.signal<%signal : !hal.fence>
    %timeout = arith.constant -1 : i32
    %status = hal.fence.await until([%wait]) timeout_millis(%timeout) flags("None") : i32
    util.status.check_ok %status, "the fence handoff waits for failed"
    %r = func.call @matmul(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    return %r : tensor<?x?xf32>
  }
}
