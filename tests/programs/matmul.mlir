// A dense matrix product of any sizes, checked against numpy's.
module @matmul {
  func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = tensor.dim %a, %c0 : tensor<?x?xf32>
    %n = tensor.dim %b, %c1 : tensor<?x?xf32>
    %zero = arith.constant 0.0 : f32
    %init = tensor.empty(%m, %n) : tensor<?x?xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
    %product = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
                             outs(%acc : tensor<?x?xf32>) -> tensor<?x?xf32>
    return %product : tensor<?x?xf32>
  }
}
