// Scalar arguments and results of every VM value type, and a 0-d tensor.
// Compiled with --iree-input-demote-f64-to-f32=false so f64 stays f64.
module @scalars {
  func.func @scalar_ops(%a: i64, %b: f32, %c: f64) -> (i64, f32, f64) {
    %c3 = arith.constant 3 : i64
    %0 = arith.muli %a, %c3 : i64
    %half = arith.constant 0.5 : f32
    %1 = arith.mulf %b, %half : f32
    %2 = arith.addf %c, %c : f64
    return %0, %1, %2 : i64, f32, f64
  }

  // An i32 passed through unchanged, to check signless bit patterns.
  func.func @identity_i32(%a: i32) -> i32 {
    return %a : i32
  }

  // A 0-d tensor argument (a buffer view) plus an f32 value: t + s, as a 0-d tensor.
  func.func @add_to_0d(%t: tensor<f32>, %s: f32) -> tensor<f32> {
    %init = tensor.empty() : tensor<f32>
    %0 = linalg.generic {
        indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>],
        iterator_types = []}
        ins(%t : tensor<f32>) outs(%init : tensor<f32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.addf %x, %s : f32
      linalg.yield %y : f32
    } -> tensor<f32>
    return %0 : tensor<f32>
  }
}
