// Two results of different shapes and element types.
func.func @sum_and_product(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = arith.addf %a, %b : tensor<2x3xf32>
  %1 = arith.mulf %a, %b : tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}
