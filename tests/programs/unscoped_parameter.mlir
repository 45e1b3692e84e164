// y = x + offset, `offset` a parameter of the anonymous scope.
module @unscoped {
  util.global private @offset = #stream.parameter.named<"offset"> : tensor<4xf32>
  func.func @shift(%x: tensor<4xf32>) -> tensor<4xf32> {
    %o = util.global.load @offset : tensor<4xf32>
    %y = arith.addf %x, %o : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
