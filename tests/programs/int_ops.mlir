// i32 tensors in and out, and an i32 scalar result.
func.func @mul_add(%a: tensor<4xi32>, %b: tensor<4xi32>, %c: tensor<4xi32>) -> tensor<4xi32> {
  %0 = arith.muli %a, %b : tensor<4xi32>
  %1 = arith.addi %0, %c : tensor<4xi32>
  return %1 : tensor<4xi32>
}
func.func @add_scalars(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
