func.func @simple_mul(%lhs: tensor<4xf32>, %rhs: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.mulf %lhs, %rhs : tensor<4xf32>
  return %0 : tensor<4xf32>
}
