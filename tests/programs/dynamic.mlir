// Dynamic shapes: the result's shape comes from the arguments at run time.
module @dynamic {
  func.func @dyn_add(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %0 = arith.addf %a, %b : tensor<?x?xf32>
    return %0 : tensor<?x?xf32>
  }

  // A dynamic-length tensor result and an f32 scalar result: (2 * a, sum(a)).
  func.func @double_and_sum(%a: tensor<?xf32>) -> (tensor<?xf32>, f32) {
    %doubled = arith.addf %a, %a : tensor<?xf32>
    %zero = arith.constant 0.0 : f32
    %init = tensor.empty() : tensor<f32>
    %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {
        indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
        iterator_types = ["reduction"]}
        ins(%a : tensor<?xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%x: f32, %s: f32):
      %y = arith.addf %x, %s : f32
      linalg.yield %y : f32
    } -> tensor<f32>
    %total = tensor.extract %sum[] : tensor<f32>
    return %doubled, %total : tensor<?xf32>, f32
  }
}
