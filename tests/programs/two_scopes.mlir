// y = x * enc::w + dec::w: one key in two scopes.
module @two_scopes {
  util.global private @enc_w = #stream.parameter.named<"enc"::"w"> : tensor<4xf32>
  util.global private @dec_w = #stream.parameter.named<"dec"::"w"> : tensor<4xf32>
  func.func @combine(%x: tensor<4xf32>) -> tensor<4xf32> {
    %a = util.global.load @enc_w : tensor<4xf32>
    %b = util.global.load @dec_w : tensor<4xf32>
    %m = arith.mulf %x, %a : tensor<4xf32>
    %y = arith.addf %m, %b : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
